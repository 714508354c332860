/**
 * A leg's order as the venue has it, found by the leg's client order id (between two attempts, on a
 * resume, and to settle a leg being sent without sending it: a cancel), and what became of a leg in
 * words for its line. The firing itself is ./fire.ts.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { BmError } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import type { WaitClock } from '../../util/clock.js';
import { findByClientId } from '../order/lookup.js';
import type { WriteChannel } from '../write/channel.js';
import type { FireDeps } from './fire-types.js';
import type { LegState } from './machine.js';
import type { AlgoSpec, Leg } from './model/spec.js';

/** A leg proven placed, by the row of its order. */
export const placed = (row: Record<string, unknown>): LegState => ({ status: 'placed', orderId: scalarText(row.order_id) });

/** The order of a leg as the venue has it, looked up by the leg's client order id; undefined when there is none. */
export async function findLeg(ch: WriteChannel<Endpoint>, spec: AlgoSpec, leg: Leg, clock?: WaitClock): Promise<LegState | undefined> {
  const row = await findByClientId(ch, spec.symbol, leg.clientOrderId, clock);
  return row ? placed(row) : undefined;
}

/** An error with the venue's code and message, in one line. */
export function refusal(err: BmError): string {
  const { code, venueMessage } = err.details;
  const venue = code !== undefined || venueMessage ? `: ${code !== undefined ? `code ${code}` : ''}${venueMessage ? `${code !== undefined ? ': ' : ''}${venueMessage}` : ''}` : '';
  return `${err.message}${venue}`;
}

/** What became of a fired leg, in words for its line: its order placed, left being sent, or its status and why. */
export function saidOf(outcome: LegState, leg: Leg): string {
  if (outcome.status === 'placed') return `order ${outcome.orderId} placed (client order id ${leg.clientOrderId})`;
  if (outcome.status === 'sending') return `${outcome.why ?? ''}; left being sent (${outcome.unsent ? 'nothing reached the venue' : 'it may have reached the venue'})`;
  return `${outcome.status}: ${outcome.why ?? ''}`;
}

/**
 * A leg being sent settled without sending it (a cancel): found by its client order id, it is placed; not
 * found, it is cancelled when no attempt can have reached the venue (`was.unsent`), else its outcome is unknown.
 */
export async function lookedUp(deps: Pick<FireDeps, 'channel' | 'host'>, spec: AlgoSpec, leg: Leg, was: LegState): Promise<{ outcome: LegState; note: string }> {
  let found: LegState | undefined;
  let failed: string | undefined;
  try {
    found = await findLeg(deps.channel, spec, leg, deps.host.clock);
  } catch (err) {
    if (!(err instanceof BmError)) throw err;
    failed = refusal(err);
  }
  const id = leg.clientOrderId;
  if (found) return { outcome: found, note: `${leg.name}: found on the venue by its client order id ${id}: order ${found.orderId} (not sent again)` };
  const looked = failed ? `the lookup by client order id ${id} failed (${failed})` : `not on the venue (client order id ${id})`;
  if (was.unsent) return { outcome: { status: 'cancelled', why: `never sent: every attempt was refused before it reached the venue; ${looked}` }, note: `${leg.name}: cancelled: ${looked}, and no attempt reached the venue` };
  const why = `${looked}, and an attempt may have reached the venue: look it up with: bm order get ${spec.symbol} --client-order-id ${id}`;
  return { outcome: { status: 'unknown', category: 'unknown', why }, note: `${leg.name}: unknown: ${why}` };
}
