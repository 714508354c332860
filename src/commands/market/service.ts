/** `bm service`: maintenance entries, read under `serivce` (as the spec spells it) or `service`. */
import type { Row } from '../../render/cells.js';
import { send, show, type Invocation } from '../engine.js';

const STATUS: Record<string, string> = { '0': 'waiting', '1': 'working', '2': 'completed' };

export async function run(inv: Invocation): Promise<void> {
  const data = (await send(inv.ctx, inv.ep, [])) as Record<string, unknown> | undefined;
  if (data === undefined) return;
  const list = (data.serivce ?? data.service ?? []) as Row[];
  const human = inv.ctx.format === 'table';
  const rows = list.map((r) => (human ? { ...r, status: STATUS[String(r.status)] ?? r.status } : r));
  show(inv.ctx, inv.ep, data, { rows });
}
