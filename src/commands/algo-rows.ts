/** A conditional order's legs as rows (`bm order stop ...`, `bm algo show|cancel`): planned, or what became of each. */
import type { AlgoSpec, AlgoState } from '../core/usecases/algo.js';

export { LEG_COLUMNS } from './local-columns.js';

export function legRows(spec: AlgoSpec, state: AlgoState | undefined): Array<Record<string, string>> {
  return spec.legs.map((l) => {
    const s = state?.legs[l.name];
    return { algo: spec.id, leg: l.name, status: s?.status ?? 'planned', order_id: s?.orderId ?? '', client_order_id: l.clientOrderId, note: s?.why ?? (state ? '' : l.what) };
  });
}
