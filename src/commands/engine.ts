/**
 * The invocation runtime of the endpoint commands: what one run of a command does with its checked
 * values (send through the invocation's calls, a write through the careful-write pipeline, print).
 * The commands are declared from the catalogue by ./declare.ts; the current generation is wired by
 * ./tree/endpoints.ts; hand-written code (./tree/overrides.ts) runs only where it adds value.
 */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { Context } from '../context.js';
import { wireParams } from '../core/usecases/params.js';
import { printDryRun } from './dryrun.js';
import { withRequestValues } from './hints.js';
import { show, type ShowOptions } from './show.js';

export { rowsOf } from '../core/usecases/rows.js';
export { show, type ShowOptions } from './show.js';

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
    const { writeCurrent } = await import('./write-current.js');
    await writeCurrent(inv.ctx, inv.ep, params, inv.ep.command?.join(' ') ?? `api ${inv.ep.method} ${inv.ep.path}`, opts);
    return;
  }
  const data = await send(inv.ctx, inv.ep, params);
  if (data !== undefined) show(inv.ctx, inv.ep, data, opts);
}
