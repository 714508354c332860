/**
 * The generic endpoint engine: one command per catalogue entry of either REST generation, its
 * arguments and options derived from the entry's parameters; a {@link Generation} adapter supplies
 * what differs (client, envelope, path templates, auth). Hand-written code (overrides) runs only
 * where it adds value; every write goes through the careful-write pipeline (./write/pipeline.ts).
 */
import { Command } from 'commander';
import { CATALOGUE } from '../api/catalogue/index.js';
import type { Endpoint, Param } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { Context } from '../context.js';
import type { Row } from '../render/cells.js';
import { headerOf } from '../render/columns.js';
import { render, type Format } from '../render/output.js';
import type { ContextOf } from '../context.js';
import { OVERRIDES, type Override } from './overrides.js';
import type { CliParam, WriteEntry } from '../core/write/channel.js';
import { wireParams } from '../core/params.js';
import { printDryRun } from './dryrun.js';
import { columnsLine, printedColumns } from './local-columns.js';
import { withRequestValues } from './hints.js';
import { rowsOf } from '../core/rows.js';

export { rowsOf } from '../core/rows.js';

/** One run of an endpoint command (of either generation: `E` is its catalogue entry). */
export interface Invocation<E = Endpoint> {
  readonly ep: E;
  readonly ctx: Context;
  /** User values by wire parameter name (strings as typed). */
  readonly values: Record<string, string | undefined>;
  /** The command's own parsed options (catalogue and extra ones), by commander key. */
  readonly opts: Record<string, unknown>;
  /** A variadic positional's values. */
  readonly list: readonly string[];
}

/** A parameter as the engine declares it. */
export interface EngineParam extends CliParam {
  readonly required?: boolean;
  readonly variadic?: boolean;
  readonly description: string;
}

/** What the engine reads of a catalogue entry of either generation. */
export interface EngineEntry extends WriteEntry {
  readonly summary: string;
  readonly params: readonly EngineParam[];
  readonly examples?: readonly string[];
  /** Default columns and their headers (see render/columns.ts); shown in the command's help. */
  readonly columns?: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
  /** Without SYMBOL, the command covers every pair. */
  readonly acrossPairs?: boolean;
}

/** What differs between the two REST generations; the engine does the rest. */
export interface Generation<E extends EngineEntry> {
  readonly entries: readonly E[];
  readonly overrides: Readonly<Record<string, Override<E>>>;
  /** The CLI option of a parameter; undefined: no CLI form. */
  readonly flagOf: (p: E['params'][number]) => string | undefined;
  readonly summaryOf: (ep: E) => string;
  readonly optionHelp: (p: E['params'][number]) => string;
  readonly groupSummary: (name: string) => string;
  /** Runs an entry that has no hand-written command: check, send (a write through the careful pipeline), print. */
  readonly execute: (inv: Invocation<E>) => Promise<void>;
}

export interface ShowOptions {
  /** Rows to print; default: taken from `data` by the catalogue's `rows` key. */
  readonly rows?: readonly Row[];
  /** Columns coloured by sign. */
  readonly signed?: readonly string[];
  readonly columns?: readonly string[];
  /** Format to use instead of the invocation's. */
  readonly format?: Format;
  /** Tables: wrap long text at words instead of cutting it. */
  readonly wrap?: boolean;
}

/** Prints a payload in the chosen format. */
export function show(ctx: Context, ep: Pick<Endpoint, 'rows' | 'columns' | 'headers'>, data: unknown, opts: ShowOptions = {}): void {
  const fields = ctx.fields;
  const columns = opts.columns ?? ep.columns;
  render(ctx.io, data, opts.rows ?? rowsOf(ep, data), {
    format: opts.format ?? ctx.format, ...(fields ? { fields } : {}), ...(columns ? { columns } : {}), ...(opts.signed ? { signed: opts.signed } : {}),
    ...(ep.headers ? { headers: ep.headers } : {}), ...(opts.wrap ? { wrap: true } : {}),
    header: Boolean(ctx.globals.header), note: (line) => ctx.note(line),
  });
}

/**
 * The help lines that name a command's output columns (as headers show them). `only`: a write's
 * (any request but a GET's): `--fields` takes these names alone, checked before anything is sent.
 */
export function columnsHelp(columns: readonly string[] | undefined, headers?: Readonly<Record<string, string>>, only = false): string {
  if (!columns?.length) return '';
  return columnsLine(columns.map((c) => headerOf(c, headers)), only ? '(--fields takes these, as sent or as a header, any case; checked before anything is sent)' : undefined);
}

/** Sends (or with --dry-run prints) a request through the invocation's client and returns the data; undefined on a dry run. */
export async function send(ctx: Context, ep: Endpoint, params: Params): Promise<unknown> {
  const calls = await ctx.calls();
  if (ctx.globals.dryRun) {
    printDryRun(ctx, await calls.dryRun(ep, params));
    return undefined;
  }
  try {
    return await calls.send(ep, params);
  } catch (err) {
    throw withRequestValues(err, params);
  }
}

/** The generic run: validate, send (a write through the careful pipeline), print. */
export async function execute(inv: Invocation, params: Params = wireParams(inv.ep, inv.values), opts: ShowOptions = {}): Promise<void> {
  if (inv.ep.write) {
    const { writeCurrent } = await import('./write/current.js');
    await writeCurrent(inv.ctx, inv.ep, params, inv.ep.command?.join(' ') ?? `api ${inv.ep.method} ${inv.ep.path}`, opts);
    return;
  }
  const data = await send(inv.ctx, inv.ep, params);
  if (data !== undefined) show(inv.ctx, inv.ep, data, opts);
}

function argumentOf(name: string, p: EngineParam, optional = false): string {
  const n = name.replace(/-/g, '_');
  if (p.variadic) return `[${n}...]`;
  return p.required && !optional ? `<${n}>` : `[${n}]`;
}

function optionKey(flag: string): string {
  return flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function groupOf(root: Command, path: readonly string[], summary: (name: string) => string): Command {
  let parent = root;
  for (const name of path.slice(0, -1)) {
    parent = parent.commands.find((c) => c.name() === name) ?? parent.command(name).description(summary(name));
  }
  return parent;
}

/** Declares one command per entry of a generation that has a `command` (only those under `only` when given). */
export function registerGeneration<E extends EngineEntry>(root: Command, gen: Generation<E>, contextOf: ContextOf, only?: string): void {
  for (const ep of gen.entries) {
    if (!ep.command || (only !== undefined && ep.command[0] !== only)) continue;
    const cmd = groupOf(root, ep.command, gen.groupSummary).command(ep.command[ep.command.length - 1]!).description(gen.summaryOf(ep));
    const positional = ep.params.filter((p) => p.positional);
    for (const p of positional) {
      // Across pairs: without SYMBOL the command covers every pair.
      const every = Boolean(ep.acrossPairs) && p.name === 'symbol';
      cmd.argument(argumentOf(gen.flagOf(p) ?? p.name, p, every), `${p.description}${every ? '; without it, every pair' : ''}`);
    }
    const options = ep.params.flatMap((p) => {
      const flag = p.positional ? undefined : gen.flagOf(p);
      return flag ? [[p, flag] as const] : [];
    });
    for (const [p, flag] of options) cmd.option(`--${flag} <value>`, gen.optionHelp(p));
    const override = gen.overrides[ep.id];
    for (const [flags, description] of override?.options ?? []) cmd.option(flags, description);
    const help = columnsHelp(printedColumns(ep.command.join(' '), ep.columns), ep.headers, ep.method !== 'GET');
    if (help) cmd.addHelpText('after', help);
    if (ep.examples?.length) cmd.addHelpText('after', `\nExamples:\n${ep.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
    cmd.action(async (...args: unknown[]) => {
      const self = args[args.length - 1] as Command;
      const opts = self.opts<Record<string, unknown>>();
      const values: Record<string, string | undefined> = {};
      let list: string[] = [];
      positional.forEach((p, i) => {
        const v = args[i];
        if (Array.isArray(v)) list = v.map(String);
        else if (typeof v === 'string') values[p.name] = v;
      });
      for (const [p, flag] of options) {
        const v = opts[optionKey(flag)];
        if (typeof v === 'string') values[p.name] = v;
      }
      const inv: Invocation<E> = { ep, ctx: contextOf(self), values, opts, list };
      if (override) await (await override.load()).run(inv);
      else await gen.execute(inv);
    });
  }
}

/** One-line summaries of the command groups the catalogue's paths create. */
const GROUP_SUMMARY: Readonly<Record<string, string>> = {
  order: 'Place, cancel and query spot orders and fills',
  funding: 'Funding account: currencies, deposit and withdraw records',
  contract: 'Contract (futures) accounts, liquidations and orders',
  broker: 'API broker rebates',
  'sign-test': 'Prove that signed requests are accepted',
};

/** The current generation: the catalogue of src/api/catalogue, the envelope client. */
export const CURRENT: Generation<Endpoint> = {
  entries: CATALOGUE,
  overrides: OVERRIDES,
  flagOf: (p) => p.flag,
  summaryOf: (ep) => ep.summary,
  // Values read through an input kind (widths, statuses) are listed by the description itself.
  optionHelp: (p) => `${p.description}${p.values && !p.input ? ` (${p.values.join(', ')})` : ''}`,
  groupSummary: (name) => GROUP_SUMMARY[name] ?? name,
  execute: (inv) => execute(inv),
};

/** The top-level words of the endpoint commands. */
export const ENDPOINT_WORDS: readonly string[] = [...new Set(CATALOGUE.flatMap((e) => (e.command ? [e.command[0]!] : [])))];

/** Declares one command per current-generation catalogue entry that has a `command`. */
export function registerEndpoints(root: Command, contextOf: ContextOf, only?: string): void {
  registerGeneration(root, CURRENT, contextOf, only);
}
