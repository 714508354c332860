/** `bm funding history`: the catalogue's defaults (page 1, 50 records) unless told; statuses as words on a terminal. */
import { FUNDING_STATUSES } from '../../api/catalogue/vocab.js';
import { rowsOf, send, show, type Invocation } from '../engine.js';
import { wireParams, withDefaults } from '../../core/usecases/params.js';
import { statusWords } from '../status-words.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const params = wireParams(ep, withDefaults(ep, values));
  const data = await send(ctx, ep, params);
  if (data === undefined) return;
  const rows = rowsOf(ep, data);
  show(ctx, ep, data, { rows: statusWords(ctx, rows, FUNDING_STATUSES) });
}
