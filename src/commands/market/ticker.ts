/** `bm ticker [SYMBOL]`: the 24h change is coloured and signed on a terminal. */
import { BmError } from '../../errors.js';
import { execute, rowsOf, send, show, type Invocation } from '../engine.js';
import { wireParams } from '../../core/params.js';

export async function run(inv: Invocation): Promise<void> {
  const params = wireParams(inv.ep, inv.values);
  const symbol = inv.values.symbol?.toUpperCase();
  if (!symbol) return execute(inv, params, { signed: ['fluctuation'] });
  const data = await send(inv.ctx, inv.ep, params);
  if (data === undefined) return;
  // Spec 2.3: a pair missing from the result has been delisted.
  if (!rowsOf(inv.ep, data).some((r) => r.symbol === symbol)) {
    throw new BmError('venue', `no ticker for ${symbol}: the pair is unknown or delisted`, { hint: 'list pairs with: bm symbols' });
  }
  show(inv.ctx, inv.ep, data, { signed: ['fluctuation'] });
}
