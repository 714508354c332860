/**
 * Across pairs: the venue's order and fill endpoints take one pair per request, so "every pair"
 * is many requests, sent one after another through the client's rate limiter (which paces them
 * within the published limit) and announced on stderr. Only the pairs the account can have orders
 * on are asked: an open order freezes funds of its pair (the base currency for a sell, the quote
 * for a buy), and any order needs a balance of one of the two, so a pair neither of whose
 * currencies the wallet holds cannot have any.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import type { Context } from '../../context.js';
import type { Row } from '../../render/cells.js';
import { isZero } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import { rowsOf, send } from '../engine.js';
import { allPairs } from '../../core/order/pairs.js';

/** One wallet entry as text. */
export interface Balance {
  readonly currency: string;
  readonly name: string;
  readonly available: string;
  readonly frozen: string;
}

/** The spot wallet, as text. */
export async function balances(ctx: Context): Promise<Balance[]> {
  const data = await (await ctx.calls()).send(endpoint('spot.wallet'));
  const t = (r: Row, k: string) => scalarText(r[k]);
  return rowsOf(endpoint('spot.wallet'), data).map((r) => ({ currency: t(r, 'id'), name: t(r, 'name'), available: t(r, 'available') || '0', frozen: t(r, 'frozen') || '0' }));
}

/** Pairs that can hold orders of the account: with frozen funds (`open`), or with any balance. */
export async function pairsOfAccount(ctx: Context, open: boolean, wallet?: readonly Balance[]): Promise<string[]> {
  const held = new Set<string>();
  for (const b of wallet ?? (await balances(ctx))) {
    if (!open || !isZero(b.frozen)) held.add(b.currency);
  }
  return (await allPairs(ctx)).filter((p) => held.has(p.base_currency) || held.has(p.quote_currency)).map((p) => p.symbol);
}

/** Newest first by `create_time` (ms); ties keep their order. */
export function newestFirst(rows: readonly Row[]): Row[] {
  const t = (r: Row) => BigInt(/^[0-9]+$/.test(scalarText(r.create_time)) ? scalarText(r.create_time) : '0');
  return [...rows].sort((a, b) => (t(b) > t(a) ? 1 : t(b) < t(a) ? -1 : 0));
}

/** The pace the client's limiter keeps for `ep`, as a note says it: "at most 12 requests per 2 s". */
export function paceOf(ep: Endpoint): string {
  const per = ep.rate.windows[0]!;
  return `at most ${per.limit} requests per ${per.windowMs / 1000} s`;
}

/**
 * The rows of `ep` over `pairs`, one request a pair, in turn; `what` names them on stderr. On a dry
 * run the requests are printed and no rows come back.
 */
export async function overPairs(ctx: Context, ep: Endpoint, pairs: readonly string[], what: string, paramsOf: (symbol: string) => Params): Promise<Row[]> {
  if (!pairs.length) {
    ctx.note(`bm: no ${what}: the wallet holds no currency of any pair`);
    return [];
  }
  ctx.note(`bm: fetching ${what} of ${pairs.length} pair${pairs.length > 1 ? 's' : ''} (${pairs.join(', ')}), ${paceOf(ep)}`);
  if (ctx.globals.dryRun) {
    const [calls, { printDryRun }] = await Promise.all([ctx.calls(), import('../dryrun.js')]);
    for (const symbol of pairs) printDryRun(ctx, await calls.dryRun(ep, paramsOf(symbol)), false);
    // One line for all of them; the wallet was read to find the pairs, these were not sent.
    ctx.note(`dry run: ${pairs.length === 1 ? 'this request was' : `these ${pairs.length} requests were`} not sent (only the wallet was read, to find the pairs)`);
    return [];
  }
  const rows: Row[] = [];
  for (const symbol of pairs) rows.push(...rowsOf(ep, await send(ctx, ep, paramsOf(symbol))));
  return rows;
}
