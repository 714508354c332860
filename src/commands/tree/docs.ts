/**
 * The generated sections of docs/: the command table of the current generation (from the catalogue),
 * the vocabularies, the protocol limits, the exit codes and environment, the trading terminal's keys and
 * the guide topics' text. `npm run readme` writes each between its markers; a test fails when a copy is stale.
 */
import { catalogue } from '../../api/catalogue/index.js';
import { flagName, KINDS } from '../../core/usecases/algo-kinds.js';
import type { Endpoint, Param } from '../../api/catalogue/types.js';
import { filterWords } from '../../api/catalogue/statuses.js';
import { ORDER_STATUSES } from '../../api/catalogue/vocab.js';
import type { Row } from '../../render/cells.js';
import { OVERRIDES } from './overrides.js';
import { GUIDES } from '../help/guides.js';
import { ENVIRONMENT, EXIT_CODES } from '../topics.js';
import { tradeKeyRows } from './trade-keys.js';
import { limitRows, vocabularyRows } from '../help/vocabulary.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A markdown table of `rows` under `cols`. */
export function markdownTable(cols: readonly string[], rows: readonly Row[]): string {
  const lines = [`| ${cols.join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${cols.map((c) => cell(String(r[c] ?? ''))).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}

/** What a flag takes, as usage shows it. */
function valueOf(p: Param): string {
  if (p.input === 'status') return ` <${filterWords(ORDER_STATUSES).join('|')}>`;
  if (p.input) return ` <${p.input === 'pair' ? 'symbol' : p.input}>`;
  if (p.values) return ` <${p.values.join('|')}>`;
  if (p.min !== undefined && p.max !== undefined) return ` <${p.min}-${p.max}>`;
  return p.type === 'decimal' ? ' <decimal>' : ' <value>';
}

function paramUsage(ep: Endpoint, p: Param): string {
  if (p.positional) {
    const name = p.name.toUpperCase();
    if (p.variadic) return `[${name}...]`;
    return p.required && !(ep.acrossPairs && p.name === 'symbol') ? name : `[${name}]`;
  }
  const word = `--${p.flag}${valueOf(p)}`;
  // Wire-required values bm fills in by default are optional to type.
  return p.required && !/default/.test(p.description) ? word : `[${word}]`;
}

/** One row per command of the current generation: usage and endpoint. */
export function commandRows(): Row[] {
  return catalogue().filter((ep) => ep.command).map((ep) => {
    const params = ep.params.filter((p) => p.positional || p.flag).map((p) => paramUsage(ep, p));
    const extra = (OVERRIDES[ep.id]?.options ?? []).map(([flags]) => `[${flags}]`);
    return { command: `\`bm ${[...ep.command!, ...params, ...extra].join(' ')}\``, endpoint: `${ep.method} ${ep.path}`, what: ep.summary };
  });
}

/** A rate limit as docs say it: `15 / 2 s per IP`, windows joined by `and`. */
function limitText(ep: Endpoint): string {
  const who = ep.rate.target === 'IP' ? 'IP' : 'account';
  return `${ep.rate.windows.map((w) => `${w.limit} / ${w.windowMs / 1000} s`).join(' and ')} per ${who}`;
}

/** One row per endpoint of the venue's later generation: served by the sandbox, reached by `bm api`. */
export function laterRows(): Row[] {
  return catalogue().filter((ep) => ep.later).map((ep) => ({
    endpoint: `${ep.method} ${ep.path}`, auth: ep.auth, limit: limitText(ep),
    'bm api': !ep.write ? 'read' : ep.safety?.resend ? 'write: confirmed; sent again if lost (safe to repeat)' : 'write: confirmed, sent once', what: ep.summary,
  }));
}

/** docs/algo.md's table of kinds (the registry, src/core/algo/kinds/): the command, the library's method, what fires it, its own options. */
export function kindsMarkdown(): string {
  const rows = KINDS.map((k) => ({
    command: `\`bm ${k.command ?? `order ${k.kind}`}\``, library: `\`client.algo.${k.method}\``, fires: k.fires,
    options: `${k.inputs.map((i) => `\`${flagName(i.key)}\``).join(', ')}${k.judgedNow ? ', `--immediate`' : ''}`,
  }));
  return markdownTable(['command', 'library', 'fires', 'options'], rows);
}

/** The generated sections: by file (relative to the package root), then by marker name. */
export function docSections(): Record<string, Record<string, string>> {
  const files: Record<string, Record<string, string>> = {
    'docs/commands.md': {
      commands: markdownTable(['command', 'endpoint', 'what'], commandRows()),
      vocabulary: markdownTable(['vocabulary', 'value', 'meaning'], vocabularyRows()),
      limits: markdownTable(['limit', 'value', 'use'], limitRows()),
      later: markdownTable(['endpoint', 'auth', 'limit', 'bm api', 'what'], laterRows()),
    },
    'docs/scripting.md': {
      'exit-codes': markdownTable(['code', 'category', 'meaning'], EXIT_CODES),
      environment: markdownTable(['name', 'meaning'], ENVIRONMENT),
    },
    'docs/trade.md': { 'trade-keys': markdownTable(['where', 'key', 'does'], tradeKeyRows()) },
    'docs/algo.md': { 'algo-kinds': kindsMarkdown() },
  };
  for (const [topic, guide] of Object.entries(GUIDES)) (files[guide.doc] ??= {})[`topic:${topic}`] = guide.text;
  return files;
}

/** `text` with each `<!-- generated:NAME -->...<!-- /generated:NAME -->` section replaced. */
export function fillSections(text: string, sections: Record<string, string>, file = 'the file'): string {
  let out = text;
  for (const [name, body] of Object.entries(sections)) {
    const re = new RegExp(`(<!-- generated:${name} -->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
    if (!re.test(out)) throw new Error(`${file} has no generated:${name} section`);
    out = out.replace(re, (_m, open: string, close: string) => `${open}${body}${close}`);
  }
  return out;
}
