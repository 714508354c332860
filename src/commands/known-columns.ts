/**
 * The columns a command prints, where they are known before anything is sent: a write's (and any
 * request but a GET's) come from the same place its printing reads them, the catalogue entry or
 * LOCAL_COLUMNS. `--fields` is checked against them before the first request, so a wrong name is
 * exit 2 with nothing sent. A read's answer may carry fields the catalogue does not list: its names are
 * checked against the answer (a read is safe to repeat).
 */
import type { Command } from 'commander';
import { catalogue, endpoint, findRoute } from '../api/catalogue/index.js';
import type { Method } from '../api/catalogue/types.js';
import { ONE_ORDER_READ, traitsOf } from '../core/usecases/endpoint-traits.js';
import { usage } from '../errors.js';
import { LEGACY } from '../legacy/catalogue.js';
import { resolveFields, type Headers } from '../render/columns.js';
import { LEG_COLUMNS, LEG_PRINTERS, LOCAL_WRITES, printedColumns } from './local-columns.js';

/** Columns and their headers; `unknown`: the answer decides what is printed, the reason said in the error. */
export type Known = { readonly columns: readonly string[]; readonly headers?: Headers } | { readonly unknown: string } | undefined;

/** A request sent as it is typed (`bm api`): a GET is a read, anything else is taken as a write. */
function rawColumns(methodArg: string | undefined, pathArg: string | undefined): Known {
  const method = (methodArg ?? '').toUpperCase() as Method;
  if (method === 'GET') return undefined;
  const known = pathArg === undefined ? undefined : findRoute(method, pathArg);
  if (known?.columns?.length) return { columns: known.columns, ...(known.headers ? { headers: known.headers } : {}) };
  return { unknown: `bm api ${method} prints the answer of ${pathArg ?? 'this path'} as the venue sends it, and its columns are not known before it is sent` };
}

/**
 * What `bm <path>` prints, given its options. undefined: a read (checked against the answer), or a
 * command that prints no rows of the venue's.
 */
export function knownColumns(path: string, cmd: Command): Known {
  if (path === 'api') return rawColumns(cmd.args[0], cmd.args[1]);
  const legacy = path.startsWith('legacy ') ? LEGACY.find((e) => e.command.join(' ') === path.slice(7)) : undefined;
  if (legacy) return legacy.write ? declared(path, legacy.columns) : undefined;
  // The conditional orders print their legs (local-columns.ts).
  if (LEG_PRINTERS.has(cmd)) return { columns: LEG_COLUMNS };
  if (path === 'algo cancel') return declared(path, undefined);
  const ep = catalogue().find((e) => e.command?.join(' ') === path);
  if (!ep) return LOCAL_WRITES.has(path) ? declared(path, undefined) : undefined;
  if (ep.method === 'GET') return undefined;
  // `order place --wait` prints the order as `order get` reads it, once the wait ends.
  const shown = traitsOf(ep).placesOrder === 'current' && cmd.opts<{ wait?: string }>().wait !== undefined ? endpoint(ONE_ORDER_READ) : ep;
  return declared(path, shown.columns, shown.headers);
}

/** A write's columns as its entry (or LOCAL_COLUMNS) declares them; none declared: not known before sending. */
function declared(path: string, columns: readonly string[] | undefined, headers?: Headers): Known {
  const list = printedColumns(path, columns);
  if (!list?.length) return { unknown: `bm ${path} prints the answer as the venue sends it, and its columns are not known before it is sent` };
  return { columns: list, ...(headers ? { headers } : {}) };
}

/** `--fields` names checked against what the command prints, where that is known before sending. */
export function checkKnownFields(fields: readonly string[], path: string, cmd: Command): void {
  const known = knownColumns(path, cmd);
  if (known === undefined) return;
  if ('unknown' in known) throw usage(`--fields: ${known.unknown}`, 'leave out --fields and pick the fields from the output (-o json | jq, or cut on tsv)');
  resolveFields(fields, known.columns, known.headers);
}
