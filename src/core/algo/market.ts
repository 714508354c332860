/**
 * What a conditional order reads of the market over REST: the venue's clock, the recent trades (the
 * fallback while the trade stream is down) and the candles of a gap in the data (whether a trigger was
 * met while blind).
 */
import { endpoint } from '../../api/catalogue/index.js';
import { cmp } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import type { CallsSource, CurrentCalls } from '../calls.js';
import { systemClock } from '../../util/clock.js';
import { rowsOf } from '../rows.js';

/** A trade of the venue: price (exact text), size, side (buy or sell, when given) and time (ms since the epoch, the venue's clock). */
export interface Trade {
  readonly price: string;
  readonly size: string;
  readonly side?: string;
  readonly time: number;
}

/** The extremes of a gap's candles and the last close, or why they could not be read. */
export interface GapCandles {
  readonly high?: string;
  readonly low?: string;
  readonly close?: string;
  readonly why?: string;
}

/** The venue's time (ms) as read, and how far it may be from it either way (half the read's round trip). */
export interface VenueTime {
  readonly time: number;
  readonly within: number;
}

/**
 * The venue's time when it resolves: GET /system/time, with half its round trip. The REST client
 * keeps what it learned, so the signed calls after it carry the venue's time whatever the local clock says.
 */
export async function venueNow(calls: CurrentCalls): Promise<VenueTime> {
  const offset = await calls.api.syncClock();
  return { time: (calls.wiring.clock ?? systemClock).now() + offset, within: calls.api.clockWithin };
}

/** The recent public trades of a pair, oldest first. */
export async function recentTrades(src: CallsSource, symbol: string): Promise<Trade[]> {
  const ep = endpoint('spot.trades');
  const rows = rowsOf(ep, await (await src.calls()).send(ep, [['symbol', symbol]]));
  return rows
    .map((r) => ({ price: scalarText(r.price), size: scalarText(r.count ?? r.size), side: scalarText(r.type ?? r.side ?? ''), time: Number(scalarText(r.order_time)) }))
    .filter((t) => t.price !== '' && Number.isFinite(t.time))
    .sort((a, b) => a.time - b.time);
}

/**
 * When order `orderId` first filled, on the venue's clock (ms): the oldest `create_time` of its fills (spec 2.8,
 * GET /spot/v1/trades by order id); undefined when the venue lists none.
 */
export async function firstFillTime(src: CallsSource, symbol: string, orderId: string): Promise<number | undefined> {
  const ep = endpoint('spot.trades.user');
  const rows = rowsOf(ep, await (await src.calls()).send(ep, [['symbol', symbol], ['order_id', orderId]]));
  const times = rows.map((r) => Number(scalarText(r.create_time))).filter(Number.isFinite);
  return times.length ? Math.min(...times) : undefined;
}

/** The one-minute candles covering `from` to `to` (ms): their high, low and last close. */
export async function gapCandles(src: CallsSource, symbol: string, from: number, to: number): Promise<GapCandles> {
  const ep = endpoint('spot.kline');
  let rows;
  try {
    const params = [['symbol', symbol], ['from', String(Math.floor(from / 60_000) * 60)], ['to', String(Math.ceil(to / 1000))], ['step', '1']] as const;
    rows = rowsOf(ep, await (await src.calls()).send(ep, params));
  } catch (err) {
    return { why: `the candles could not be read (${(err as Error).message})` };
  }
  let high: string | undefined;
  let low: string | undefined;
  let close: string | undefined;
  let last = -Infinity;
  for (const r of rows) {
    const h = scalarText(r.high);
    const l = scalarText(r.low);
    if (h === '' || l === '') continue;
    if (high === undefined || cmp(h, high) > 0) high = h;
    if (low === undefined || cmp(l, low) < 0) low = l;
    const t = Number(scalarText(r.timestamp));
    if (t >= last) {
      last = t;
      close = scalarText(r.close);
    }
  }
  if (high === undefined || low === undefined) return { why: 'the venue has no candles for that time' };
  return { high, low, ...(close ? { close } : {}) };
}
