/**
 * `bm ticker [SYMBOL]`: the 24h change is coloured and signed on a terminal, and read as a percentage
 * where a trader reads it (table, tsv, csv); json and ndjson keep the venue's ratio.
 */
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { rowsOf, send, show, type Invocation } from '../engine.js';
import { wireParams } from '../../core/usecases/params.js';
import { tickerRows } from '../ticker-rows.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep } = inv;
  const symbol = inv.values.symbol?.toUpperCase();
  const data = await send(ctx, ep, wireParams(ep, inv.values));
  if (data === undefined) return;
  const rows = rowsOf(ep, data);
  // Spec 2.3: a pair missing from the result has been delisted.
  if (symbol && !rows.some((r) => r.symbol === symbol)) {
    throw new BmError('venue', `no ticker for ${symbol}: the pair is unknown or delisted`, { hint: 'list pairs with: bm symbols' });
  }
  show(ctx, ep, data, { signed: ['fluctuation'], rows: tickerRows(ctx, rows) });
}
