/** Pushes written as the venue writes them, for recordings made here (`bm record import`, the simulated market). */
import { CHANNEL, type DepthLevels } from '../../api/catalogue/channels.js';
import type { Side } from '../../api/catalogue/vocab.js';
import type { Level } from './levels.js';

/** The smallest depth channel that holds `levels` levels a side. */
export function depthChannel(levels: number): string {
  const n: DepthLevels = levels <= 5 ? 5 : levels <= 20 ? 20 : 50;
  return CHANNEL.depth(n);
}

/** A whole book of `symbol` at `t` (ms) on `channel`. */
export function depthPush(channel: string, symbol: string, t: number, bids: readonly Level[], asks: readonly Level[]): string {
  return JSON.stringify({ table: channel, data: [{ symbol, asks, bids, ms_t: t }] });
}

/** One trade of `symbol` at `t` (ms); `side` the taker's. */
export function tradePush(symbol: string, t: number, price: string, size: string, side: Side): string {
  return JSON.stringify({ table: CHANNEL.trade, data: [{ symbol, price, side, size, s_t: Math.floor(t / 1000), ms_t: t }] });
}
