/**
 * The watchlist's part of the update: the followed pairs' tickers and sparks (the live layer's
 * {@link TickerBoard}), the open orders and conditional orders counted per pair, and its keys: `w`
 * focuses it, `+` adds a pair (through the pair prompt), `-` drops the selected one, Enter trades it.
 * A change of the list comes back as a `watch` command: the session keeps it for the profile and the
 * feed starts following an added pair.
 */
import { isOpenStatus } from '../../api/catalogue/statuses.js';
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';
import type { Binding, Command } from './binding.js';
import type { TradeState } from './state.js';

/** The venue's main pairs, in the order a default watchlist shows those it lists. */
export const MAIN_PAIRS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT', 'BNB_USDT', 'DOGE_USDT', 'ETH_BTC'] as const;
/** Pairs a default watchlist holds at most. */
export const DEFAULT_WATCHED = 6;

/** The default watchlist: the main pairs the venue lists; a venue listing none of them, its first pairs. */
export function defaultWatchlist(venuePairs: readonly string[]): string[] {
  const listed = new Set(venuePairs);
  const main = MAIN_PAIRS.filter((p) => listed.has(p));
  return (main.length ? main : venuePairs).slice(0, DEFAULT_WATCHED);
}

const text = (v: unknown) => scalarText(v);
const bump = (s: TradeState) => void s.versions.watch++;

/** A followed pair's ticker (push or REST) at `at` (ms). */
export function takeTicker(s: TradeState, e: Entry, at: number): void {
  if (!s.watch.board || !s.watch.pairs.includes(text(e.symbol))) return;
  s.watch.board.apply(e, at);
  s.watch.at = Math.max(s.watch.at, at);
  bump(s);
}

/** `GET /spot/v1/symbols/kline` of a followed pair (one-minute candles): its spark's minutes. */
export function takeCandles(s: TradeState, symbol: string, data: unknown): void {
  if (!s.watch.board) return;
  const klines = ((data as { klines?: Entry[] } | undefined)?.klines ?? []);
  s.watch.board.seed(symbol, klines.map((k) => [Number(text(k.timestamp)), text(k.close)] as const));
  bump(s);
}

/** `GET /spot/v2/orders?status=9` of a followed pair: its open orders, counted. */
export function takeOrders(s: TradeState, symbol: string, data: unknown): void {
  const ids = new Set<string>();
  for (const o of ((data as { orders?: Entry[] } | undefined)?.orders ?? [])) if (isOpenStatus(text(o.status))) ids.add(text(o.order_id));
  s.watch.orders.set(symbol, ids);
  bump(s);
}

/** An order push of a followed pair other than the current one: its count follows. */
export function watchOrderPush(s: TradeState, e: Entry): void {
  const symbol = text(e.symbol);
  if (!s.watch.pairs.includes(symbol)) return;
  const ids = s.watch.orders.get(symbol) ?? new Set<string>();
  const id = text(e.order_id);
  const had = ids.has(id);
  if (isOpenStatus(text(e.state))) ids.add(id);
  else ids.delete(id);
  s.watch.orders.set(symbol, ids);
  if (had !== ids.has(id)) bump(s);
}

/** How many conditional orders each pair holds not ended, as the journals were read. */
export function takeAlgoCounts(s: TradeState, perPair: ReadonlyMap<string, number>): void {
  const was = s.watch.algos;
  if (was.size === perPair.size && [...perPair].every(([k, v]) => was.get(k) === v)) return;
  s.watch.algos = perPair;
  bump(s);
}

/** A pair's open orders and conditional orders not ended (the current pair's open orders are the account's). */
export function countsOf(s: TradeState, symbol: string): { readonly orders: number; readonly algos: number } {
  const orders = symbol === s.symbol ? s.account.orders.size : s.watch.orders.get(symbol)?.size ?? 0;
  return { orders, algos: s.watch.algos.get(symbol) ?? 0 };
}

/** The selected row's pair. */
export function selectedPair(s: TradeState): string | undefined {
  return s.watch.pairs[Math.min(s.watch.index, s.watch.pairs.length - 1)];
}

/** Moves the watchlist's selection by `dir` rows (kept inside the list). */
export function moveWatch(s: TradeState, dir: number): void {
  const n = s.watch.pairs.length;
  const next = n ? Math.max(0, Math.min(n - 1, s.watch.index + dir)) : 0;
  if (next !== s.watch.index) (s.watch.index = next), bump(s);
}

/** Adds `symbol` to the watchlist (at its end); nothing when it is there already. */
export function addPair(s: TradeState, symbol: string): Command | undefined {
  if (s.watch.pairs.includes(symbol)) return undefined;
  s.watch.pairs = [...s.watch.pairs, symbol];
  s.watch.index = s.watch.pairs.length - 1;
  bump(s);
  return { kind: 'watch', pairs: s.watch.pairs, added: symbol };
}

/** Drops the selected pair from the watchlist. */
function dropSelected(s: TradeState): Command | undefined {
  const p = selectedPair(s);
  if (p === undefined) return undefined;
  s.watch.pairs = s.watch.pairs.filter((x) => x !== p);
  s.watch.orders.delete(p);
  s.watch.index = Math.max(0, Math.min(s.watch.index, s.watch.pairs.length - 1));
  bump(s);
  return { kind: 'watch', pairs: s.watch.pairs };
}

/** Trades the selected pair (its row's Enter, or a click on it). */
export function tradeRow(s: TradeState, index: number): Command | undefined {
  const p = s.watch.pairs[index];
  if (p === undefined) return undefined;
  if (s.watch.index !== index) (s.watch.index = index), bump(s);
  return p === s.symbol ? undefined : { kind: 'switch', symbol: p };
}

const watching = (s: TradeState) => s.ui.focus === 'watch';

/** `w` focuses the watchlist (calling it up where it has no place of its own); again, back to the pane before. */
function toggleWatch(s: TradeState): void {
  if (watching(s)) {
    s.ui.focus = s.readOnly === undefined ? 'orders' : 'book';
    if (s.ui.swap === 'watch') s.ui.swap = undefined;
    return;
  }
  s.ui.focus = 'watch';
  s.ui.swap = 'watch';
}

/** The watchlist's keys in the main table. */
export const WATCH_MAIN: readonly Binding[] = [
  { keys: ['w'], label: 'w', hint: 'watchlist', does: 'watchlist: focus it (again: back)', run: toggleWatch },
  { keys: ['enter'], label: 'Enter', hint: 'trade pair', does: 'on a watchlist row: trade that pair', when: watching, run: (s) => tradeRow(s, s.watch.index) },
  { keys: ['+'], label: '+', hint: 'add', does: 'watchlist: add a pair (type it, Enter)', when: watching, run: (s) => ((s.ui.pair = { text: '', index: 0, add: true }), void (s.ui.mode = 'pair')) },
  { keys: ['-'], label: '-', hint: 'drop', does: 'watchlist: drop the selected pair', when: watching, run: dropSelected },
];
