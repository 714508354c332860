/** `bm symbol-details [SYMBOL...]`: every pair's rules, filtered locally to the pairs named. */
import { BmError } from '../../errors.js';
import type { Row } from '../../render/cells.js';
import { rowsOf, send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/usecases/params.js';

export async function run(inv: Invocation): Promise<void> {
  const wanted = inv.list.map((s) => checkSymbol(s));
  const data = await send(inv.ctx, inv.ep, []);
  if (data === undefined) return;
  let rows: Row[] = rowsOf(inv.ep, data);
  if (wanted.length) {
    const missing = wanted.filter((w) => !rows.some((r) => r.symbol === w));
    if (missing.length) {
      throw new BmError('venue', `no such pair: ${missing.join(', ')}`, { code: '50001', venueMessage: 'Symbol not found', hint: 'list pairs with: bm symbols' });
    }
    rows = rows.filter((r) => wanted.includes(String(r.symbol)));
    show(inv.ctx, inv.ep, { symbols: rows }, { rows });
    return;
  }
  show(inv.ctx, inv.ep, data, { rows });
}
