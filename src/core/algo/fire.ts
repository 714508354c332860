/**
 * Sending one leg of a conditional order: the deviation guard at firing time, then a careful write
 * with the leg's own client order id, its outcome proven by the answer or a lookup. A duplicate
 * client order id (the venue's 50042: a send of an earlier run landed) is looked up, never sent again.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { BmError } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import { checkDeviation } from '../order/market-context.js';
import { findByClientId } from '../order/lookup.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';
import { carefulWrite } from '../write/pipeline.js';
import type { LegState } from './machine.js';
import type { AlgoSpec, Leg } from './spec.js';

/** The venue's code for a client order id already used (spec 8.2). */
const DUPLICATE_ID = '50042';

/** Where a firing is: tests stop the engine at each point to prove a restart sends nothing twice. */
export type FirePoint = 'before-send' | 'after-answer';

export interface FireDeps {
  readonly channel: WriteChannel<Endpoint>;
  readonly host: WriteHost;
  /** The command, for messages (`order stop`). */
  readonly command: string;
  readonly at?: (point: FirePoint, leg: string) => void;
  /** Waits between two sends of a leg the venue never received (default: a timer). */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Waits before sending again a leg proven not sent (a network failure before it left, a rate limit), ms. */
export const RESEND_WAITS_MS = [1000, 2000, 4000, 8000];

const placed = (row: Record<string, unknown>): LegState => ({ status: 'placed', orderId: scalarText(row.order_id) });

/** The order of a leg as the venue has it, looked up by the leg's client order id; undefined when there is none. */
export async function findLeg(ch: WriteChannel<Endpoint>, spec: AlgoSpec, leg: Leg): Promise<LegState | undefined> {
  const row = await findByClientId(ch, spec.symbol, leg.clientOrderId);
  return row ? placed(row) : undefined;
}

/** Sends a leg (`last`: the last trade price, for the deviation guard) and says what was proven. */
export async function fireLeg(deps: FireDeps, spec: AlgoSpec, leg: Leg, last: string | undefined): Promise<LegState> {
  if (leg.price !== undefined && spec.maxDeviation !== undefined) {
    if (last === undefined) return { status: 'failed', category: 'usage', why: 'no last price to check the limit price against (the deviation guard): not sent' };
    try {
      checkDeviation({ side: leg.side ?? spec.side, type: 'limit', price: leg.price }, last, spec.maxDeviation);
    } catch (err) {
      return { status: 'failed', category: 'usage', why: `not sent: ${(err as Error).message}` };
    }
  }
  deps.at?.('before-send', leg.name);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let outcome = await send(deps, spec, leg);
  // Nothing reached the venue (exit 8 and 7 say so): a protective order is sent again, with the same client order id.
  for (const ms of RESEND_WAITS_MS) {
    if (outcome.status !== 'failed' || (outcome.category !== 'network' && outcome.category !== 'ratelimit')) break;
    deps.host.note(`bm: ${deps.command}: ${leg.name}: ${outcome.why ?? ''}; nothing was sent: sending it again in ${ms / 1000} s`);
    await sleep(ms);
    outcome = await send(deps, spec, leg);
  }
  deps.at?.('after-answer', leg.name);
  return outcome;
}

async function send(deps: FireDeps, spec: AlgoSpec, leg: Leg): Promise<LegState> {
  const ep = deps.channel.entry('spot.order.submit');
  try {
    const r = await carefulWrite(deps.host, deps.channel, { ep, params: leg.params, command: deps.command, what: `Place ${leg.what}`, confirmed: true });
    if (!r) return { status: 'cancelled', why: 'dry run' };
    return placed(r.data as Record<string, unknown>);
  } catch (err) {
    if (!(err instanceof BmError)) throw err;
    if (err.details.code === DUPLICATE_ID) {
      const found = await findLeg(deps.channel, spec, leg);
      if (found) return found;
    }
    if (err.category === 'unknown') return { status: 'unknown', category: 'unknown', why: err.message };
    return { status: 'failed', category: err.category, why: err.message };
  }
}
