/** `bm service`: maintenance entries, read under `serivce` (as the spec spells it) or `service`. */
import { SERVICE_STATUSES } from '../../api/catalogue/vocab.js';
import type { Row } from '../../render/cells.js';
import { send, show, type Invocation } from '../engine.js';
import { statusWords } from '../status-words.js';

export async function run(inv: Invocation): Promise<void> {
  const data = (await send(inv.ctx, inv.ep, [])) as Record<string, unknown> | undefined;
  if (data === undefined) return;
  const list = (data.serivce ?? data.service ?? []) as Row[];
  show(inv.ctx, inv.ep, data, { rows: statusWords(inv.ctx, list, SERVICE_STATUSES) });
}
