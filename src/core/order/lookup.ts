/**
 * The unknown-outcome lookup of a placement, for code that sends orders itself (order batch): the
 * careful-write pipeline's lookup (../write/lookup.ts) with the placement's catalogue marks, so an
 * order counts as found only when the venue's row carries our client order id.
 */
import { PLACE } from '../../api/catalogue/safety.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import { BmError } from '../../errors.js';
import type { WriteChannel } from '../write/channel.js';
import { lookUp, type LookupResult } from '../write/lookup.js';
import { sleepOn, systemClock, type WaitClock } from '../../util/clock.js';

/**
 * Looks a placement up by its client order id: the finding (proven, absent, foreign, failed) and the command
 * that checks. A failed read is tried again after a pause on `clock`.
 */
export function lookUpPlacement(ch: WriteChannel<Endpoint>, symbol: string, clientOrderId: string, clock: WaitClock = systemClock): Promise<LookupResult> {
  const now = clock.now();
  return lookUp(ch, PLACE.lookup!, [['symbol', symbol], ['client_order_id', clientOrderId]], { from: now, to: now }, sleepOn(clock));
}

/**
 * The order with this client order id; undefined when the venue says there is none or answers with
 * another order (not proof of ours). Throws when the lookup itself fails (a read is retried first).
 */
export async function findByClientId(ch: WriteChannel<Endpoint>, symbol: string, clientOrderId: string, clock?: WaitClock): Promise<Record<string, unknown> | undefined> {
  const { finding } = await lookUpPlacement(ch, symbol, clientOrderId, clock);
  if (finding.kind === 'failed') throw finding.error;
  return finding.kind === 'proven' || finding.kind === 'pending' ? finding.row : undefined;
}

/** True when the error leaves the outcome of a write unknown (no readable answer, or a 5xx). */
export function outcomeUnknown(err: unknown): err is BmError {
  return err instanceof BmError && (err.category === 'network' || err.category === 'unknown');
}
