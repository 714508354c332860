/**
 * The vocabulary is said once, by the catalogue (src/api/catalogue/): no source file spells a side
 * or order-type union, a side check, an order status by number, or a channel name of its own. Each
 * rule is first shown to catch the spelling it forbids, so a rule that can no longer match fails.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../helpers/bm.js';

interface Rule {
  readonly name: string;
  readonly use: string;
  readonly pattern: RegExp;
  /** Lines the rule must catch (spellings the tree used to have). */
  readonly catches: readonly string[];
  /** Lines it must let pass. */
  readonly passes: readonly string[];
}

const RULES: readonly Rule[] = [
  {
    name: 'a side union', use: 'Side',
    pattern: /(['"])(buy|sell)\1\s*\|\s*(['"])(buy|sell)\3/,
    catches: ["  readonly side: 'buy' | 'sell';", 'cancelAll(a: string, side?: "sell" | "buy"): void;'],
    passes: ['  readonly side: Side;', "const up = side === 'sell';"],
  },
  {
    name: 'an order-type union', use: 'OrderType',
    pattern: /(['"](limit|market|limit_maker|ioc)['"]\s*\|\s*){2}['"](limit|market|limit_maker|ioc)['"]/,
    catches: ["  readonly type: 'limit' | 'market' | 'limit_maker' | 'ioc';"],
    passes: ["  readonly type: OrderType;", "  readonly type: 'limit' | 'market';"],
  },
  {
    name: 'a side check', use: 'isSide',
    pattern: /!==?\s*(['"])buy\1\s*&&[^;]*!==?\s*(['"])sell\2/,
    catches: ["if (s !== 'buy' && s !== 'sell') throw usage('side');", "if (side !== 'buy' && side !== 'sell') return undefined;"],
    passes: ['if (!isSide(s)) throw usage(\'side\');'],
  },
  {
    name: 'an order status compared to a code', use: 'statusIs, isOpenStatus, isFinalStatus, statusLife, STATUS_NUMBER',
    pattern: /\b(status|state)\b\)?\s*[!=]==?\s*(['"]?)\d{1,2}\2(?![\d.])|(['"]?)\b\d{1,2}\3\s*[!=]==?\s*[\w.]*\b(status|state)\b/,
    catches: ['    if (o.status === 6) {', "if (status === '6') return", "if (text(e.state) !== '4')", "if ('8' === o.status)"],
    passes: ['    if (o.status === STATUS_NUMBER.filled) {', 'if (res.status === 429) return;', "if (statusIs(status, 'filled'))"],
  },
  {
    name: 'an order status sent as a code', use: 'STATUS_CODE',
    pattern: /\bstatus(['"])?\s*[:,]\s*(['"])\d{1,2}\2/,
    catches: ["[['N', 100], ['status', '9']]", "{ symbol: 'BTC_USDT', status: '9', N: '100' }"],
    passes: ["['status', STATUS_CODE.open]"],
  },
  {
    name: 'a set of order status codes', use: 'the life of ORDER_STATUSES (isOpenStatus, statusLife, codesOfLife)',
    pattern: /\b\w*(STATUS|STATE)\w*\b[^=]*=\s*new Set\(\[\s*(['"]?)\d{1,2}\2\s*[,\]]/,
    catches: ["const OPEN_STATES = new Set(['4', '5', '7', '11']);", "export const FINAL_STATUSES: ReadonlySet<string> = new Set(['1', '3', '6', '8', '12']);"],
    passes: ["const OK = new Set(['0', '1000']);"],
  },
  {
    name: 'a channel name', use: 'CHANNEL and topicOf (api/catalogue/channels.ts)',
    pattern: /(['"`])spot\/(?!v\d)/,
    catches: ["if (table === 'spot/trade') applyTrade(s, e);", 'this.mark(`spot/ticker:${symbol}`);'],
    passes: ["const path = '/spot/v2/orders';", "this.mark(topicOf(CHANNEL.ticker, symbol));"],
  },
];

/** Where the vocabulary is defined, and the library's types generated from it. */
const SAYS_IT = [join('api', 'catalogue') + '/', join('lib', 'vocab.ts')];

/** Every line of code under src/ (comments blanked, so prose may name the words), with its place. */
function codeLines(): Array<{ where: string; line: string }> {
  const src = join(ROOT, 'src');
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !SAYS_IT.some((s) => f.startsWith(s)));
  assert.ok(files.length > 100, `src/ holds the sources (found ${files.length} files)`);
  return files.flatMap((f) => {
    const text = readFileSync(join(src, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
    return text.split('\n').map((line, i) => ({ where: `src/${f}:${i + 1}`, line: line.replace(/^\s*\/\/.*$/, '') }));
  });
}

test('each rule catches the spelling it forbids and lets the vocabulary pass', () => {
  for (const r of RULES) {
    for (const l of r.catches) assert.match(l, r.pattern, `${r.name} should catch: ${l}`);
    for (const l of r.passes) assert.doesNotMatch(l, r.pattern, `${r.name} should let pass: ${l}`);
  }
});

test('no source outside the catalogue spells the vocabulary itself', () => {
  const lines = codeLines();
  const strays = RULES.flatMap((r) => lines.filter((l) => r.pattern.test(l.line)).map((l) => `${l.where}: ${r.name} (use ${r.use}): ${l.line.trim()}`));
  assert.deepEqual(strays, []);
});
