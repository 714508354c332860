/**
 * The terminal's writes of conditional orders, through the same paths as the command line: an attach
 * is armed and handed to a detached runner as `bm order stop --detach` does (it outlives the
 * terminal), a cancel goes as `bm algo cancel` does (the runner stopped, the legs settled from the
 * journal). Each ends as an {@link Outcome} for the log.
 */
import type { Context } from '../../context.js';
import type { AlgoSpec } from '../../core/algo/spec.js';
import { outcomeOfError, type Outcome } from './orders.js';
import type { AttachedAlgo } from './state.js';

/** One line naming a planned stop or take-profit: `stop sell 0.01 BTC_USDT at 59000 (market)`. */
export function algoText(spec: AlgoSpec): string {
  const leg = spec.legs[0]!;
  const trig = leg.trigger;
  return `${spec.kind} ${leg.what}${trig ? `, when a trade is at or ${trig.dir === 'down' ? 'below' : 'above'} ${trig.level}` : ''}`;
}

/** Arms `spec` (confirmed in the terminal) and starts its detached runner. */
export async function attachAlgo(ctx: Context, spec: AlgoSpec): Promise<Outcome> {
  const what = `attach ${algoText(spec)}`;
  try {
    const [{ armDetached }, { algoFace, algoPort }] = await Promise.all([import('../../core/usecases/algo.js'), import('../algo-port.js')]);
    const { pid } = await armDetached(algoPort(ctx), await algoFace(ctx, `order ${spec.kind}`), spec);
    return { kind: 'ok', text: `armed ${algoText(spec)}: algo ${spec.id}, held by this machine's runner, not the venue (pid ${pid}; bm algo show ${spec.id})` };
  } catch (err) {
    // Nothing is sent by arming: the runner fires later, each leg a careful write of its own.
    return outcomeOfError(what, err);
  }
}

/** Cancels a conditional order of the pair (confirmed in the terminal). */
export async function cancelAlgo(ctx: Context, a: AttachedAlgo): Promise<Outcome> {
  const what = `cancel ${a.kind} ${a.id}`;
  try {
    const [{ cancelAlgo, keptAlgo }, { algoPort }] = await Promise.all([import('../../core/usecases/algo.js'), import('../algo-port.js')]);
    const port = algoPort(ctx);
    const st = await cancelAlgo(port, keptAlgo(port.env, a.id), 'cancelled in bm trade');
    const legs = Object.entries(st.legs).map(([n, l]) => `${n} ${l.status}`).join(', ');
    if (st.end === 'cancelled') return { kind: 'ok', text: `cancelled ${a.kind} ${a.id} (${legs})` };
    return { kind: st.end && st.end !== 'unknown' ? 'rejected' : 'unknown', text: `${what}: ${st.end ? `it had ${st.end}` : 'not ended'} (${legs}); see bm algo show ${a.id}` };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}
