/** A price alert as a row of `bm alert add|list|remove`: what fires it, its state, and when and at what price it fired. */
import type { AlgoSpec, AlgoState } from '../../core/usecases/algo.js';

/** Its life in a word: an end (`fired`, `removed`, `failed`), else `running` (a runner holds it) or `stopped`. */
export function alertState(state: AlgoState | undefined, runner: number | undefined): string {
  if (state?.end === 'done') return 'fired';
  if (state?.end === 'cancelled') return 'removed';
  return state?.end ?? (runner !== undefined ? 'running' : 'stopped');
}

export function alertRow(spec: AlgoSpec, state: AlgoState | undefined, runner: number | undefined): Record<string, string> {
  const leg = spec.legs[0]!;
  const s = state?.legs[leg.name];
  const met = spec.metWhenArmed !== undefined && s?.status !== 'fired' ? `the last price ${spec.metWhenArmed} already met it when added: it fires at once` : '';
  return {
    alert: spec.id, symbol: spec.symbol, direction: leg.trigger?.dir === 'down' ? 'below' : 'above', level: leg.trigger?.level ?? '',
    state: alertState(state, runner), runner: runner === undefined ? '' : String(runner),
    fired_at: s?.at !== undefined ? new Date(s.at).toISOString() : '', price: s?.price ?? '',
    exec: spec.exec?.command ?? '', created: new Date(spec.created).toISOString(), note: s?.why ?? met,
  };
}
