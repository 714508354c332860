/**
 * A write that timed out (or met a 5xx) is never re-sent blindly: the order is looked up by its
 * client order id and what was found is reported; still unknown means exit 8 with how to check.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';

/** Not found answers: the order does not exist (yet). */
const NOT_FOUND = new Set(['50005', '50032']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The order with this client order id, undefined when the venue says there is none. Retries a few times. */
export async function findByClientId(ctx: Context, symbol: string, clientOrderId: string, tries = 3): Promise<Record<string, unknown> | undefined> {
  const api = await ctx.api();
  for (let i = 0; ; i++) {
    try {
      const { data } = await api.call(endpoint('spot.order.detail'), [['symbol', symbol], ['clientOrderId', clientOrderId]]);
      if (data && typeof data === 'object' && Object.keys(data).length > 0) return data as Record<string, unknown>;
    } catch (err) {
      const lookupFailed = !(err instanceof BmError && err.details.code !== undefined && NOT_FOUND.has(err.details.code));
      if (lookupFailed && i + 1 >= tries) throw err;
    }
    if (i + 1 >= tries) return undefined;
    await sleep(500 * (i + 1));
  }
}

/** True when the error leaves the outcome of a write unknown (no answer, or a 5xx). */
export function outcomeUnknown(err: unknown): err is BmError {
  return err instanceof BmError && err.category === 'network';
}

/** After an unknown outcome: the order if it exists; else an exit-8 error that says how to check. */
export async function resolveUnknown(ctx: Context, symbol: string, clientOrderId: string, cause: BmError): Promise<Record<string, unknown>> {
  ctx.note(`bm: ${cause.message}; looking the order up by client order id ${clientOrderId} instead of sending it again`);
  let found: Record<string, unknown> | undefined;
  try {
    found = await findByClientId(ctx, symbol, clientOrderId);
  } catch {
    found = undefined;
  }
  if (found) {
    ctx.note(`bm: the order exists: the request went through`);
    return found;
  }
  throw new BmError('network', `the outcome of the order ${clientOrderId} is unknown: ${cause.message}`, {
    ...cause.details,
    hint: `check with: bm order get ${symbol} --client-order-id ${clientOrderId} (do not place it again before)`,
  });
}
