/**
 * A conditional order made ready to arm: its inputs checked (nothing is read before every input is),
 * what its kind reads of the venue read (an order it attaches to), the pair's rules read and the plan
 * checked against them, and a trigger already met by the market refused unless asked for. Its plan in
 * lines, for the confirmation.
 */
import { usage } from '../../errors.js';
import type { CurrentCalls } from '../calls.js';
import { systemClock, type WaitClock } from '../../util/clock.js';
import { isPrice, readQuote } from '../order/market-context.js';
import { pairRules, type PairRules } from '../order/pairs.js';
import { flagName, planAlgo, readInput, type AlgoInput, type NameOf } from './plan.js';
import type { AlgoSpec, Leg } from './model/spec.js';
import { crossed } from './model/state.js';

const WHEN: Readonly<Record<'down' | 'up', string>> = { down: 'at or below', up: 'at or above' };

/**
 * Plans an algo; throws a usage error before anything is sent. `immediate`: a trigger the market has
 * already met is taken as meant (it fires at the next trade), not refused.
 */
export async function planFor(face: { readonly calls: CurrentCalls; readonly clock?: WaitClock }, given: AlgoInput, nameOf: NameOf = flagName, immediate = false): Promise<{ spec: AlgoSpec; rules: PairRules }> {
  const { calls } = face;
  const src = { calls: async () => calls };
  // What needs neither the venue nor the pair's rules is checked before the first request.
  const kind = readInput(given, nameOf);
  const input = kind.resolve ? await kind.resolve(src, given, nameOf) : given;
  const rules = await pairRules({ env: calls.wiring.env, baseUrl: () => calls.wiring.venue.baseUrl(), calls: src.calls }, input.symbol);
  const spec = planAlgo(input, rules, (face.clock ?? systemClock).now(), nameOf);
  if (kind.judgedNow && !immediate) await refuseMet(src, spec, nameOf);
  if (kind.firesWhenMet) return { spec: await dueWhenMet(src, spec), rules };
  return { spec, rules };
}

/** A kind that fires when its trigger is already met: the leg the last price meets is due at once (the runner's first tick fires it). */
async function dueWhenMet(src: { calls(): Promise<CurrentCalls> }, spec: AlgoSpec): Promise<AlgoSpec> {
  return dueIfMet(spec, (await readQuote(src, spec.symbol)).last);
}

/** The spec of a kind that fires when already met (an alert), its leg the last price `last` meets due at once; else as it was. */
export function dueIfMet(spec: AlgoSpec, last: string): AlgoSpec {
  const met = metLeg(spec, last);
  if (!met) return spec;
  return { ...spec, metWhenArmed: last, legs: spec.legs.map((l) => (l === met.leg ? { ...l, due: spec.created } : l)) };
}

/**
 * The first leg whose trigger the last price already meets (it would fire at the next trade), with the
 * sentence that says so; undefined when none is (or there is no last price to judge against). Only a kind
 * judged now; a leg that follows another is judged against that one's price by its kind, not the market.
 */
export function metLeg(spec: AlgoSpec, last: string): { leg: Leg; said: string } | undefined {
  if (!isPrice(last)) return undefined;
  const leg = spec.legs.find((l) => l.trigger !== undefined && l.after === undefined && l.existing === undefined && crossed(l.trigger, last));
  if (!leg) return undefined;
  const t = leg.trigger!;
  return { leg, said: `the ${leg.name} trigger ${t.level} is already met: it fires at a trade ${WHEN[t.dir]} ${t.level}, and the last price is ${last}, so it would ${leg.side ?? spec.side} at once` };
}

/** A leg whose trigger the last price already meets would fire at the first trade: refused (a typo: `6` for 65000). */
async function refuseMet(src: { calls(): Promise<CurrentCalls> }, spec: AlgoSpec, nameOf: NameOf): Promise<void> {
  if (!spec.legs.some((l) => l.trigger !== undefined && l.after === undefined && l.existing === undefined)) return;
  const met = metLeg(spec, (await readQuote(src, spec.symbol)).last);
  if (met) throw usage(`${spec.kind} ${spec.symbol}: ${met.said}; nothing was sent`, `check the trigger; if firing at the next trade is meant, add ${nameOf('immediate')}`);
}

/** What fires a leg, in words. */
function whenOf(spec: AlgoSpec, l: Leg): string {
  if (l.existing !== undefined) return `the open order ${l.existing}, attached to`;
  if (l.due !== undefined && spec.metWhenArmed !== undefined) return `at once: the last price ${spec.metWhenArmed} is already ${WHEN[l.trigger!.dir]} ${l.trigger!.level}`;
  if (l.due !== undefined) return `at ${new Date(l.due).toISOString()}`;
  const follows = l.after !== undefined ? `once ${l.after} fills, for what filled of it, ` : '';
  if (l.trigger) return `${follows}when a trade is ${WHEN[l.trigger.dir]} ${l.trigger.level}`;
  return `when a trade is ${spec.distance && 'pct' in spec.distance ? `${spec.distance.pct}%` : spec.distance?.abs} ${spec.side === 'sell' ? 'below the highest' : 'above the lowest'} price seen`;
}

/** The plan in lines: what fires each leg and what it places. */
export function planLines(spec: AlgoSpec): string[] {
  return spec.legs.map((l) => `${l.name}: ${whenOf(spec, l)}: ${l.what}${l.existing !== undefined || !l.params.length ? '' : ` (client order id ${l.clientOrderId})`}${l.group !== undefined ? `; the first of its ${l.group} group to fire cancels the others` : ''}`);
}

/** One line for the confirmation: what it is and who holds it. */
export function planSummary(spec: AlgoSpec): string {
  return `Run ${spec.kind} ${spec.id} on ${spec.symbol} (${spec.legs.length} leg${spec.legs.length === 1 ? '' : 's'}), held by bm on this machine, not by the venue: it fires only while a bm runner holds it`;
}
