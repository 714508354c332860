/**
 * Declaring the endpoint commands: one command per catalogue entry of either REST generation, its
 * arguments and options derived from the entry's parameters; a {@link Generation} adapter supplies
 * what differs (entries, flags, summaries, hand-written overrides, the generic run).
 */
import type { Command } from 'commander';
import type { Endpoint } from '../api/catalogue/types.js';
import type { ContextOf } from '../context.js';
import type { CliParam, WriteEntry } from '../core/usecases/write.js';
import { headerOf } from '../render/columns.js';
import type { Invocation } from './engine.js';
import { columnsLine, printedColumns } from './local-columns.js';

/** The code of a hand-written command, loaded when it runs. */
export interface OverrideModule<E = Endpoint> {
  run(inv: Invocation<E>): Promise<void>;
}

/** A hand-written command over a catalogue entry (src/commands/tree/overrides.ts lists the current generation's). */
export interface Override<E = Endpoint> {
  /** Options beyond the catalogue's parameters: [flags, description]. */
  readonly options?: ReadonlyArray<readonly [string, string]>;
  readonly load: () => Promise<OverrideModule<E>>;
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
  /** The entries with a command; those of the group `only` may be all it gives (a one-shot declares its own group). */
  readonly entries: (only?: string) => readonly E[];
  readonly overrides: Readonly<Record<string, Override<E>>>;
  /** The CLI option of a parameter; undefined: no CLI form. */
  readonly flagOf: (p: E['params'][number]) => string | undefined;
  readonly summaryOf: (ep: E) => string;
  readonly optionHelp: (p: E['params'][number]) => string;
  readonly groupSummary: (name: string) => string;
  /** Runs an entry that has no hand-written command: check, send (a write through the careful pipeline), print. */
  readonly execute: (inv: Invocation<E>) => Promise<void>;
}

/**
 * The help lines that name a command's output columns (as headers show them). `only`: a write's
 * (any request but a GET's): `--fields` takes these names alone, checked before anything is sent.
 */
export function columnsHelp(columns: readonly string[] | undefined, headers?: Readonly<Record<string, string>>, only = false): string {
  if (!columns?.length) return '';
  return columnsLine(columns.map((c) => headerOf(c, headers)), only ? '(--fields takes these, as sent or as a header, any case; checked before anything is sent)' : undefined);
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
  for (const ep of gen.entries(only)) {
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
