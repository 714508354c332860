/**
 * What became of a placement the venue may finish at once: a `limit_maker` that would cross is cancelled,
 * an `ioc` keeps only what fills at once (spec 3 statuses: 6 filled, 8 cancelled, 12 partly filled then
 * cancelled; facts.md 5). The order's state is read once after the placement (or taken from the row a
 * lookup already proved ours); other types are not read, so a plain limit or market order stays one request.
 */
import type { Endpoint, Verdict, WriteLookup } from '../../api/catalogue/types.js';
import { CANCEL } from '../../api/catalogue/safety.js';
import { ORDER_STATUSES } from '../../api/catalogue/vocab.js';
import { statusIs, statusLife, statusSaid } from '../../api/catalogue/statuses.js';
import { BmError } from '../../errors.js';
import type { Row } from '../../util/row.js';
import { isDecimal, isZero } from '../../util/decimal.js';
import type { WriteChannel } from '../write/channel.js';
import { lookUp } from '../write/lookup.js';
import { sleepOn, systemClock, type WaitClock } from '../../util/clock.js';
import type { WriteResult } from '../write/pipeline.js';
import { fieldText, rowOfData, sentText } from '../write/proof.js';
import { unknownOutcome } from '../write/unknown.js';

/** Why the venue cancels each type at once when nothing of it may stand. */
const CANCELLED_BECAUSE: Readonly<Record<string, string>> = {
  limit_maker: 'limit_maker would have taken liquidity',
  ioc: 'ioc found nothing to fill',
};

/** Order types the venue may finish at once, so that "placed" alone would say too little. */
export const ENDS_AT_ONCE: ReadonlySet<string> = new Set(Object.keys(CANCELLED_BECAUSE));

/** The read of the placed order: by its order id, ours only when its order id and client order id are what was sent. */
const STATE_READ: WriteLookup = { ...CANCEL.lookup!, verdicts: [{ outcome: 'done', say: 'read' }] };

/**
 * The verdict on a placement of `type` from the order's state: `settled` (exit 6 on the command line)
 * when the venue finished it with nothing done; `done` when it stands or filled (partly, the rest cancelled);
 * `pending` when the state does not tell which.
 */
export function stateVerdict(type: string, row: Row): Verdict {
  const status = fieldText(row, 'status') ?? '';
  const filled = fieldText(row, 'filled_size');
  const size = fieldText(row, 'size');
  if (statusLife(status) === 'failed') return { outcome: 'settled', say: 'placed, then failed' };
  if (statusIs(status, 'filled')) return { outcome: 'done', say: `placed and filled${filled ? ` (${filled})` : ''}` };
  if (statusLife(status) === 'cancelled') {
    const why = CANCELLED_BECAUSE[type] ?? 'finished at once';
    // Cancelled, but how much filled before is not shown: neither a refusal nor a success is proven.
    if (filled === undefined || !isDecimal(filled)) return { outcome: 'pending', say: 'placed, then cancelled by the venue; how much of it filled is not shown' };
    if (isZero(filled)) return { outcome: 'settled', say: `placed, then cancelled by the venue: ${why}` };
    return { outcome: 'done', say: `placed; ${filled}${size ? ` of ${size}` : ''} filled, the rest cancelled by the venue` };
  }
  if (type === 'ioc') return { outcome: 'done', say: `placed (status ${status ? statusSaid(ORDER_STATUSES, status) : 'not shown'} when read: the venue had not finished it yet)` };
  return { outcome: 'done', say: 'placed' };
}

/**
 * A proven placement with its state: unchanged for other types; for `limit_maker` and `ioc`, the verdict of
 * the order's state and the order's row as `data`. When the read fails or answers another order, the
 * placement is proven but whether it stood is not: an exit-11 error with the command that checks. A failed read is
 * tried again after a pause on `clock`.
 */
export async function withState(ch: WriteChannel<Endpoint>, r: WriteResult<Endpoint>, command: string, clock: WaitClock = systemClock): Promise<WriteResult<Endpoint>> {
  const type = sentText(r.params, 'type') ?? '';
  if (!ENDS_AT_ONCE.has(type) || r.verdict.outcome !== 'done') return r;
  const orderId = fieldText(rowOfData(r.data), 'order_id') ?? '';
  const which = `order ${orderId} (client order id ${sentText(r.params, 'client_order_id') ?? 'none'})`;
  let read: WriteResult<Endpoint> = r;
  if (r.via === 'answer') {
    const found = await lookUp(ch, STATE_READ, [...r.params, ['order_id', orderId] as const], { from: 0, to: 0 }, sleepOn(clock));
    if (found.finding.kind !== 'proven') {
      throw unknownOutcome(command, new BmError('unknown', `${which} was placed; whether the venue let the ${type} order stand is not known`), found, r.ep, STATE_READ);
    }
    read = { ...r, ep: ch.entry(STATE_READ.endpoint), data: found.finding.row };
  }
  const verdict = stateVerdict(type, read.data as Row);
  if (verdict.outcome !== 'pending') return { ...read, verdict };
  const symbol = sentText(r.params, 'symbol') ?? 'SYMBOL';
  throw new BmError('unknown', `${command}: outcome unknown: ${which} was ${verdict.say}`, { hint: `check with: bm order fills ${symbol} --order-id ${orderId}`, retryable: false });
}

/**
 * Throws "order N (client order id X) was placed, then cancelled by the venue: ..." (category `venue`,
 * exit 6) when the verdict of {@link withState} is that the order did not stand; `command` names the write.
 */
export function checkStood(command: string, r: WriteResult<Endpoint>): void {
  if (r.verdict.outcome === 'done') return;
  const orderId = fieldText(rowOfData(r.data), 'order_id') ?? '';
  const proof = r.via === 'lookup' ? ' (proven by looking it up)' : '';
  const cid = sentText(r.params, 'client_order_id') ?? 'none';
  throw new BmError('venue', `${command}: order ${orderId} (client order id ${cid}) was ${r.verdict.say}${proof}`, { hint: `see it with: bm order get ${sentText(r.params, 'symbol') ?? 'SYMBOL'} --order-id ${orderId}` });
}
