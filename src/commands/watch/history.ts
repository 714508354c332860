/**
 * The candles before the stream's first push: the kline stream sends only the current candle, so a
 * table that starts from it would show one. The REST candles of the same width fill the view first.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { rowsOf } from '../../core/usecases/rows.js';
import type { WatchMsg } from './msg.js';

/** Candles read for a table: more than a terminal shows. */
export const HISTORY_CANDLES = 60;

/** Reads the last {@link HISTORY_CANDLES} candles of `minutes` width and sends them as a message; a failed read is said, not fatal. */
export async function seedCandles(ctx: Context, dispatch: (m: WatchMsg) => void, h: { readonly symbol: string; readonly minutes: number }, nowMs = Date.now()): Promise<void> {
  const ep = endpoint('spot.kline');
  const to = Math.floor(nowMs / 1000);
  const from = to - HISTORY_CANDLES * h.minutes * 60;
  try {
    const data = await (await ctx.calls()).send(ep, [['symbol', h.symbol], ['from', from], ['to', to], ['step', h.minutes]]);
    const candles = rowsOf(ep, data).map((r) => [r.timestamp, r.open, r.high, r.low, r.close, r.volume]);
    dispatch({ kind: 'candles', symbol: h.symbol, candles });
  } catch (err) {
    ctx.note(`bm: the earlier candles were not read (${(err as Error).message}): the table starts from the stream's`);
  }
}
