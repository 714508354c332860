/**
 * Lookups by client order id for code that sends orders itself (order batch): an order counts as
 * found only when the venue's row carries our client order id.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { PLACE } from '../../api/catalogue/safety.js';
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { mismatch } from '../write/proof.js';

const NOT_FOUND = new Set(PLACE.lookup?.notFound ?? []);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The order with this client order id, undefined when the venue says there is none or answers with
 * another order (not proof of ours). Retries a few times.
 */
export async function findByClientId(ctx: Context, symbol: string, clientOrderId: string, tries = 3): Promise<Record<string, unknown> | undefined> {
  const api = await ctx.api();
  for (let i = 0; ; i++) {
    try {
      const { data } = await api.call(endpoint('spot.order.detail'), [['symbol', symbol], ['clientOrderId', clientOrderId]]);
      const row = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
      if (row && Object.keys(row).length > 0 && !mismatch(PLACE.lookup!.match, row, [['client_order_id', clientOrderId]])) return row;
    } catch (err) {
      const lookupFailed = !(err instanceof BmError && err.details.code !== undefined && NOT_FOUND.has(err.details.code));
      if (lookupFailed && i + 1 >= tries) throw err;
    }
    if (i + 1 >= tries) return undefined;
    await sleep(500 * (i + 1));
  }
}

/** True when the error leaves the outcome of a write unknown (no readable answer, or a 5xx). */
export function outcomeUnknown(err: unknown): err is BmError {
  return err instanceof BmError && (err.category === 'network' || err.category === 'unknown');
}
