/**
 * What the careful-write pipeline needs of a REST generation: its catalogue entries, one attempt
 * of a request, a dry run, the rows of an answer and the `bm` command that reads an entry.
 */
import type { WriteSafety } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import type { Row } from '../../util/row.js';
import { scalarText } from '../../util/json.js';

/** A parameter as the command line shows it. */
export interface CliParam {
  readonly name: string;
  readonly flag?: string;
  readonly positional?: boolean;
}

/** What the pipeline reads of a catalogue entry of either generation. */
export interface WriteEntry {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly write?: boolean;
  readonly safety?: WriteSafety;
  readonly command?: readonly string[];
  readonly params: readonly CliParam[];
}

export interface WriteChannel<E extends WriteEntry = WriteEntry> {
  /** The entry with this id in the same catalogue (a lookup's read). */
  entry(id: string): E;
  /** Sends one request: the answer's data, or a BmError. Never retried here after it may have reached the venue. */
  send(ep: E, params: Params): Promise<unknown>;
  /** Prints the exact request (secrets redacted) and sends nothing. */
  dryRun(ep: E, params: Params): Promise<void>;
  /** The rows of an answer of `ep`. */
  rows(ep: E, data: unknown): Row[];
  /** The `bm` command that sends `ep` with these parameters, values filled in. */
  commandLine(ep: E, params: Params): string;
}

function quote(v: string): string {
  return /^[A-Za-z0-9_.:/@%+=,-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
}

/**
 * `bm <prefix> <command> POSITIONAL --flag value`, from an entry's command and parameters; an
 * entry without a command, or a parameter without a CLI form, is written as `bm api`.
 */
export function commandLineOf<P extends CliParam>(
  ep: WriteEntry & { readonly params: readonly P[] }, params: Params, prefix: readonly string[] = [], flagOf: (p: P) => string | undefined = (p) => p.flag,
): string {
  const sent = params.filter(([, v]) => v !== undefined).map(([k, v]) => [k, scalarText(v)] as const);
  const list: readonly P[] = ep.params;
  const byName = new Map<string, P>(list.map((p) => [p.name, p]));
  const expressible = ep.command !== undefined && sent.every(([k]) => {
    const p = byName.get(k);
    return p !== undefined && (p.positional || flagOf(p) !== undefined);
  });
  if (!expressible || !ep.command) return ['bm', 'api', ep.method, ep.path, ...sent.flatMap(([k, v]) => ['-f', quote(`${k}=${v}`)])].join(' ');
  const words = ['bm', ...prefix, ...ep.command];
  for (const p of list) {
    const v = sent.find(([k]) => k === p.name)?.[1];
    if (v !== undefined && p.positional) words.push(quote(v));
  }
  for (const [k, v] of sent) {
    const p = byName.get(k);
    if (p && !p.positional) words.push(`--${flagOf(p)}`, quote(v));
  }
  return words.join(' ');
}
