/** `bm book SYMBOL`: asks (highest first) then bids, one row per level with its side. */
import type { Row } from '../../render/cells.js';
import { send, show, type Invocation } from '../engine.js';
import { wireParams } from '../../core/usecases/params.js';

export async function run(inv: Invocation): Promise<void> {
  const data = (await send(inv.ctx, inv.ep, wireParams(inv.ep, inv.values))) as { buys?: Row[]; sells?: Row[] } | undefined;
  if (data === undefined) return;
  const asks = (data.sells ?? []).map((l) => ({ side: 'ask', ...l })).reverse();
  const bids = (data.buys ?? []).map((l) => ({ side: 'bid', ...l }));
  show(inv.ctx, inv.ep, data, { rows: [...asks, ...bids] });
}
