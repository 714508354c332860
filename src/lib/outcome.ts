/** What the library says of a write the pipeline proved: the same for both generations. */
import type { WriteEntry } from '../core/write/channel.js';
import type { WriteResult } from '../core/write/pipeline.js';
import { scalarText } from '../util/json.js';
import type { Data, WriteOutcome } from './types.js';
import { exact } from './exact.js';

/** The outcome of a proven write; `clientIdParam` names the parameter that carried the client order id. */
export function writeOutcome<E extends WriteEntry>(r: WriteResult<E>, clientIdParam: string | undefined): WriteOutcome {
  const data = exact(r.data) as Data;
  const sent = Object.fromEntries(r.params.filter(([, v]) => v !== undefined).map(([k, v]) => [k, scalarText(v)]));
  // The current generation names an order `order_id`, the first `entrust_id`.
  const id = data.order_id ?? data.entrust_id ?? (r.via === 'answer' ? undefined : sent.order_id ?? sent.entrust_id);
  return {
    outcome: r.verdict.outcome === 'settled' ? 'settled' : 'done', say: r.verdict.say, via: r.via, data, sent,
    ...(id !== undefined && id !== null ? { orderId: String(id) } : {}),
    ...(clientIdParam && sent[clientIdParam] !== undefined ? { clientOrderId: sent[clientIdParam] } : {}),
  };
}
