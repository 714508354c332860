/**
 * The terminal's writes of conditional orders, through the core's use case (src/core/usecases/algo.ts)
 * as the command line makes them: an attach is armed and handed to a detached runner as
 * `bm order stop --detach` does (it outlives the terminal), a cancel goes as `bm algo cancel` does (the
 * runner stopped, the legs settled from the journal). A join cancels the algo it replaces first, and arms
 * the new one only once every leg of the old one is proven cancelled unsent: never two armed at once, and
 * never one armed beside exits that may have fired. Each ends as an {@link Outcome} for the log.
 */
import type { Context } from '../../context.js';
import type { AlgoSpec, AlgoState } from '../../core/usecases/algo.js';
import { outcomeOfError, type Outcome } from './orders.js';
import type { AttachedAlgo } from './state.js';

const usecases = () => Promise.all([import('../../core/usecases/algo.js'), import('../algo-port.js')]);

/** One line naming a planned algo: `stop market SELL 0.01 BTC ..., when a trade is at or below 59000`. */
export function algoText(spec: AlgoSpec): string {
  const legs = spec.legs.filter((l) => l.trigger);
  const when = legs.map((l) => `${l.name} at or ${l.trigger!.dir === 'down' ? 'below' : 'above'} ${l.trigger!.level}`).join(', ');
  const entry = spec.legs.find((l) => !l.trigger);
  const what = spec.kind === 'bracket' ? (entry?.existing !== undefined ? `on order ${entry.existing}` : entry?.what ?? '') : legs[0]?.what ?? '';
  return `${spec.kind} ${what}${when ? `, ${spec.kind === 'bracket' ? 'exits ' : 'when a trade is '}${when}` : ''}`;
}

/** True when a cancelled algo sent nothing: each leg bm would place is cancelled unsent (an order it attached to stays the user's). */
export function cancelledUnsent(spec: AlgoSpec, st: AlgoState): boolean {
  return spec.legs.every((l) => l.existing !== undefined || (st.legs[l.name]?.status === 'cancelled' && st.legs[l.name]?.orderId === undefined));
}

/** Its legs' states in words: `stop cancelled, tp cancelled` (an order it attached to is the user's, not named). */
function legsText(spec: AlgoSpec, st: AlgoState): string {
  return spec.legs.filter((l) => l.existing === undefined).map((l) => `${l.name} ${st.legs[l.name]?.status ?? '?'}`).join(', ');
}

/** Arms `spec` (confirmed in the terminal) and starts its detached runner; with `replaces`, that algo is cancelled first. */
export async function attachAlgo(ctx: Context, spec: AlgoSpec, replaces?: AttachedAlgo): Promise<Outcome> {
  const what = `${replaces ? `join algo ${replaces.id} into ` : 'attach '}${algoText(spec)}`;
  let cancelled = '';
  try {
    const [{ armDetached, bindingHere, cancelAlgo, keptAlgo, lastState, sameBinding }, { algoFace, algoPort }] = await usecases();
    const port = algoPort(ctx);
    const face = await algoFace(ctx, `order ${spec.kind}`);
    if (replaces) {
      const old = keptAlgo(port.env, replaces.id);
      const ended = lastState(old)?.end;
      // Ended since the pane read it (it fired, most likely): what it protected may be gone.
      if (ended) return { kind: 'rejected', text: `${what}: nothing new armed: algo ${replaces.id} has ended meanwhile (${ended}: ${legsText(old.record.spec, lastState(old)!)}); see bm algo show ${replaces.id}` };
      if (!sameBinding(old.record.where, await bindingHere(face, spec.kind))) {
        return { kind: 'rejected', text: `${what}: not joined: algo ${replaces.id} was armed on another venue or account; nothing cancelled, nothing armed` };
      }
      const st = await cancelAlgo(port, old, `joined into ${spec.kind} ${spec.id} in bm trade`);
      const legs = legsText(old.record.spec, st);
      if (!cancelledUnsent(old.record.spec, st)) {
        // It fired meanwhile, or a leg's fate is unknown: a second algo beside it could sell what is no longer held.
        return { kind: st.end === 'unknown' || Object.values(st.legs).some((l) => l.status === 'unknown' || l.status === 'sending') ? 'unknown' : 'rejected', text: `${what}: nothing new armed: cancelling algo ${replaces.id} ended with ${legs} (it fired meanwhile, or its outcome is unknown); see bm algo show ${replaces.id}` };
      }
      cancelled = `algo ${replaces.id} cancelled unsent (${legs}); `;
    }
    const { pid } = await armDetached(port, face, spec);
    return { kind: 'ok', text: `${cancelled}armed ${algoText(spec)}: algo ${spec.id}, held by this machine's runner, not the venue (pid ${pid}; bm algo show ${spec.id})` };
  } catch (err) {
    // Nothing is sent by arming: the runner fires later, each leg a careful write of its own.
    const out = outcomeOfError(what, err);
    return cancelled ? { kind: out.kind === 'unknown' ? 'unknown' : 'rejected', text: `${cancelled}then ${out.text}: the exits it held are gone, arm them again` } : out;
  }
}

/** Cancels a conditional order of the pair (confirmed in the terminal). */
export async function cancelAlgo(ctx: Context, a: AttachedAlgo): Promise<Outcome> {
  const what = `cancel ${a.kind} ${a.id}`;
  try {
    const [{ cancelAlgo, keptAlgo }, { algoPort }] = await usecases();
    const port = algoPort(ctx);
    const { spec } = keptAlgo(port.env, a.id).record;
    const st = await cancelAlgo(port, keptAlgo(port.env, a.id), 'cancelled in bm trade');
    const legs = legsText(spec, st);
    // Stopped for good: no leg left being sent or unknown, and every leg a trigger fires cancelled (what it placed before is said).
    const open = Object.values(st.legs).some((l) => l.status === 'unknown' || l.status === 'sending');
    if (!open && st.end !== 'failed' && spec.legs.every((l) => !l.trigger || st.legs[l.name]?.status === 'cancelled')) return { kind: 'ok', text: `cancelled ${a.kind} ${a.id} (${legs})` };
    return { kind: st.end && st.end !== 'unknown' ? 'rejected' : 'unknown', text: `${what}: ${st.end ? `it had ${st.end}` : 'not ended'} (${legs}); see bm algo show ${a.id}` };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}
