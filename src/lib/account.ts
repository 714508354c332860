/**
 * The account across pairs, as the command line reads it: open orders of every pair
 * (`bm order list` without a pair), fills of every pair (`bm order fills` without one), and the
 * wallet valued in one currency (`bm portfolio`). One request a pair, in turn, paced within the
 * venue's limits by the client's limiter; the code is the CLI's (src/core/order/across.ts,
 * src/core/portfolio/). Answers exact (numbers as text). Loaded on first use.
 */
import { endpoint } from '../api/catalogue/index.js';
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import { balances, fetchingNote, fillParams, newestFirst, openOrderParams, pairsOfAccount, rowsOverPairs } from '../core/usecases/orders-read.js';
import { checkCurrency, checkInt } from '../core/usecases/params.js';
import { valueAccount } from '../core/usecases/account.js';
import type { CurrentCalls, WriteHost } from '../core/usecases/session.js';
import { scalarText } from '../util/json.js';
import type { Row } from '../util/row.js';
import { parseTime } from '../config/time.js';
import { exact } from './exact.js';
import { givenObject, inputText, refuseUnknown } from './inputs.js';
import { pairSource } from './preflight.js';
import type { AcrossFills, AcrossOrders, Portfolio } from './types.js';
import { asLibraryInput } from './wire.js';

/** The rows of `ep` over `pairs`, said through onNote as the CLI says it on stderr. */
async function over(calls: CurrentCalls, host: WriteHost, ep: Endpoint, pairs: readonly string[], what: string, paramsOf: (s: string) => Params): Promise<Row[]> {
  if (!pairs.length) return [];
  host.note(fetchingNote(what, pairs, ep));
  return rowsOverPairs((e, p) => calls.send(e, p), ep, pairs, paramsOf);
}

/** `client.order.open()`: the open orders of every pair the account can have orders on, newest first. */
export async function openOrders(calls: CurrentCalls, host: WriteHost, given: unknown): Promise<AcrossOrders> {
  refuseUnknown([], givenObject(given, 'none'));
  const src = pairSource(calls);
  const pairs = await pairsOfAccount(src, true);
  const rows = await over(calls, host, endpoint('spot.orders'), pairs, 'open orders', openOrderParams());
  return { pairs, orders: exact(newestFirst(rows)) as AcrossOrders['orders'] };
}

/** `client.order.fills({ since, limit })` without a pair: the newest fills of every pair the account can have traded. */
export async function fillsAcross(calls: CurrentCalls, host: WriteHost, given: unknown): Promise<AcrossFills> {
  const obj = givenObject(given, 'since, limit');
  refuseUnknown(['since', 'limit'], obj);
  const limit = obj.limit === undefined ? 100 : await asLibraryInput(() => checkInt(inputText('limit', 'whole', obj.limit), 'limit', 1, 100));
  const sinceMs = obj.since === undefined ? undefined : sinceOf(obj.since);
  const pairs = await pairsOfAccount(pairSource(calls), false);
  const rows = await over(calls, host, endpoint('spot.trades.user'), pairs, 'fills', fillParams(String(limit)));
  const kept = sinceMs === undefined ? rows : rows.filter((r) => BigInt(/^[0-9]+$/.test(scalarText(r.create_time)) ? scalarText(r.create_time) : '0') >= sinceMs);
  const fills = newestFirst(kept).slice(0, limit);
  if (sinceMs !== undefined && kept.length > fills.length) host.note(`bm: more than ${limit} fills since then: the newest ${limit} kept`);
  return { pairs, fills: exact(fills) as AcrossFills['fills'] };
}

/** `since` as the CLI's times (`-2h`, an ISO date, epoch seconds or ms, `now`), or a Date: epoch ms. */
function sinceOf(v: unknown): bigint {
  if (v instanceof Date) return BigInt(v.getTime());
  const t = inputText('since', 'whole', v);
  return BigInt(parseTime(t, 'since')) * 1000n;
}

/** `client.portfolio({ in })`: the wallet valued in one currency (default USDT), rounded to its precision. */
export async function portfolio(calls: CurrentCalls, host: WriteHost, given: unknown): Promise<Portfolio> {
  const obj = givenObject(given, 'in');
  refuseUnknown(['in'], obj);
  const quote = await asLibraryInput(() => checkCurrency(obj.in === undefined ? 'USDT' : inputText('in', 'text', obj.in), 'in'));
  const { places, valuation: v } = await valueAccount({ ...pairSource(calls), checked: asLibraryInput }, quote, { flag: 'in', rounded: true });
  if (v.unpriced.length) host.note(`bm: no price in ${quote} for ${v.unpriced.join(', ')}: left out of the total`);
  return { in: v.in, total: v.total, places, balances: v.balances, unpriced: v.unpriced };
}
