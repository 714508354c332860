/**
 * Across pairs for the command line: the requests of src/core/order/across.ts announced on stderr,
 * and printed rather than sent on a dry run.
 */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { Context } from '../context.js';
import type { Row } from '../render/cells.js';
import { send } from './engine.js';
import { fetchingNote, rowsOverPairs } from '../core/usecases/orders-read.js';

export { balances, newestFirst, pairsOfAccount, type Balance } from '../core/usecases/orders-read.js';

/**
 * The rows of `ep` over `pairs`, one request a pair, in turn; `what` names them on stderr. On a dry
 * run the requests are printed and no rows come back.
 */
export async function overPairs(ctx: Context, ep: Endpoint, pairs: readonly string[], what: string, paramsOf: (symbol: string) => Params): Promise<Row[]> {
  if (!pairs.length) {
    ctx.note(`bm: no ${what}: the wallet holds no currency of any pair`);
    return [];
  }
  ctx.note(fetchingNote(what, pairs, ep));
  if (ctx.globals.dryRun) {
    const [calls, { printDryRun }] = await Promise.all([ctx.calls(), import('./dryrun.js')]);
    for (const symbol of pairs) printDryRun(ctx, await calls.dryRun(ep, paramsOf(symbol)), false);
    // One line for all of them; the wallet was read to find the pairs, these were not sent.
    ctx.note(`dry run: ${pairs.length === 1 ? 'this request was' : `these ${pairs.length} requests were`} not sent (only the wallet was read, to find the pairs)`);
    return [];
  }
  return rowsOverPairs((e, p) => send(ctx, e, p), ep, pairs, paramsOf);
}
