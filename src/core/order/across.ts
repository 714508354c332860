/**
 * Across pairs: the venue's order and fill endpoints take one pair per request, so "every pair" is
 * many requests, sent one after another through the client's rate limiter (which paces them within
 * the published limit). Only the pairs the account can have orders on are asked: an open order
 * freezes funds of its pair (the base currency for a sell, the quote for a buy), and any order needs
 * a balance of one of the two, so a pair neither of whose currencies the wallet holds cannot have any.
 * Shared by `bm order list|fills` without a pair, `bm portfolio` and the library.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import { STATUS_CODE } from '../../api/catalogue/statuses.js';
import { isZero } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import type { Row } from '../../util/row.js';
import type { CallsSource } from '../calls.js';
import { wireParams } from '../params.js';
import { rowsOf } from '../rows.js';
import { allPairs, type PairSource } from './pairs.js';

/** One wallet entry as text. */
export interface Balance {
  readonly currency: string;
  readonly name: string;
  readonly available: string;
  readonly frozen: string;
}

/** The spot wallet, as text. */
export async function balances(src: CallsSource): Promise<Balance[]> {
  const data = await (await src.calls()).send(endpoint('spot.wallet'));
  const t = (r: Row, k: string) => scalarText(r[k]);
  return rowsOf(endpoint('spot.wallet'), data).map((r) => ({ currency: t(r, 'id'), name: t(r, 'name'), available: t(r, 'available') || '0', frozen: t(r, 'frozen') || '0' }));
}

/** Pairs that can hold orders of the account: with frozen funds (`open`), or with any balance. */
export async function pairsOfAccount(src: PairSource, open: boolean, wallet?: readonly Balance[]): Promise<string[]> {
  const held = new Set<string>();
  for (const b of wallet ?? (await balances(src))) {
    if (!open || !isZero(b.frozen)) held.add(b.currency);
  }
  return (await allPairs(src)).filter((p) => held.has(p.base_currency) || held.has(p.quote_currency)).map((p) => p.symbol);
}

/** Newest first by `create_time` (ms); ties keep their order. */
export function newestFirst(rows: readonly Row[]): Row[] {
  const t = (r: Row) => BigInt(/^[0-9]+$/.test(scalarText(r.create_time)) ? scalarText(r.create_time) : '0');
  return [...rows].sort((a, b) => (t(b) > t(a) ? 1 : t(b) < t(a) ? -1 : 0));
}

/** The same parameters for another pair (checked once for a placeholder pair, the pair filled in per request). */
export function forPair(params: Params): (symbol: string) => Params {
  return (symbol) => params.map(([k, v]) => [k, k === 'symbol' ? symbol : v] as const);
}

/** The parameters of the open orders of a pair (newest `PROTOCOL.ordersPerList`). */
export function openOrderParams(): (symbol: string) => Params {
  return forPair(wireParams(endpoint('spot.orders'), { symbol: 'BTC_USDT', status: STATUS_CODE.open, N: String(PROTOCOL.ordersPerList) }));
}

/** The parameters of the newest `limit` fills of a pair. */
export function fillParams(limit: string): (symbol: string) => Params {
  return forPair(wireParams(endpoint('spot.trades.user'), { symbol: 'BTC_USDT', limit }));
}

/** The rows of `ep` over `pairs`, one request a pair, in turn, each through `send` (the face's own: its dry run, its errors). */
export async function rowsOverPairs(send: (ep: Endpoint, params: Params) => Promise<unknown>, ep: Endpoint, pairs: readonly string[], paramsOf: (symbol: string) => Params): Promise<Row[]> {
  const rows: Row[] = [];
  for (const symbol of pairs) rows.push(...rowsOf(ep, await send(ep, paramsOf(symbol))));
  return rows;
}

/** The note before asking `ep` of each of `pairs` in turn (stderr on the command line, onNote in the library). */
export function fetchingNote(what: string, pairs: readonly string[], ep: Endpoint): string {
  return `bm: fetching ${what} of ${pairs.length} pair${pairs.length > 1 ? 's' : ''} (${pairs.join(', ')}), ${pacing(ep)}`;
}

/** What the pacing of `ep` allows, for a note: `at most 12 requests per 30 s`. */
export function pacing(ep: Endpoint): string {
  const per = ep.rate.windows[0]!;
  return `at most ${per.limit} requests per ${per.windowMs / 1000} s`;
}
