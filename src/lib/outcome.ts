/** What the library says of a write the pipeline proved: the same for both generations. */
import type { Params } from '../api/client.js';
import type { WriteEntry, WriteResult } from '../core/usecases/order-outcome.js';
import { BmError } from '../errors.js';
import { scalarText } from '../util/json.js';
import type { Data, WriteOutcome } from './types.js';
import { exact } from './exact.js';

/** Parameters sent, as text. */
function sentTexts(params: Params): Record<string, string> {
  return Object.fromEntries(params.filter(([, v]) => v !== undefined).map(([k, v]) => [k, scalarText(v)]));
}

/**
 * A venue refusal that proves the write has nothing left to do (`settledBy`: a second cancel) as a settled
 * outcome, the venue's code and message as its data; anything else undefined (it stays an error).
 */
export function settledByRefusal(err: unknown, settledBy: ReadonlyArray<readonly [string, string]> | undefined, params: Params): WriteOutcome | undefined {
  if (!(err instanceof BmError) || err.category !== 'venue' || err.details.code === undefined) return undefined;
  const say = settledBy?.find(([code]) => code === err.details.code)?.[1];
  if (say === undefined) return undefined;
  const sent = sentTexts(params);
  const data = { code: err.details.code, message: err.details.venueMessage ?? '' };
  return { outcome: 'settled', say, via: 'answer', data, sent, ...(sent.order_id !== undefined ? { orderId: sent.order_id } : {}), ...(sent.client_order_id !== undefined ? { clientOrderId: sent.client_order_id } : {}) };
}

/** The outcome of a proven write; `clientIdParam` names the parameter that carried the client order id. */
export function writeOutcome<E extends WriteEntry>(r: WriteResult<E>, clientIdParam: string | undefined): WriteOutcome {
  const data = exact(r.data) as Data;
  const sent = sentTexts(r.params);
  // The current generation names an order `order_id`, the first `entrust_id`.
  const id = data.order_id ?? data.entrust_id ?? (r.via === 'answer' ? undefined : sent.order_id ?? sent.entrust_id);
  return {
    outcome: r.verdict.outcome === 'settled' ? 'settled' : 'done', say: r.verdict.say, via: r.via, data, sent,
    ...(id !== undefined && id !== null ? { orderId: String(id) } : {}),
    ...(clientIdParam && sent[clientIdParam] !== undefined ? { clientOrderId: sent[clientIdParam] } : {}),
  };
}
