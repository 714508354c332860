/**
 * Venue hints name the next command with placeholders (`bm order get SYMBOL --order-id ID`); where
 * the request carried the values, the hint shows them, so it can be run as printed.
 */
import type { Params } from '../api/client.js';
import { BmError } from '../errors.js';

/** The hint with SYMBOL and ID filled from the request's parameters, where it has them. */
export function fillHint(hint: string, params: Params): string {
  const v = new Map(params.map(([k, x]) => [k, String(x)]));
  let out = hint;
  const symbol = v.get('symbol');
  if (symbol) out = out.replace(/\bSYMBOL\b/g, symbol);
  const orderId = v.get('order_id');
  const clientId = v.get('client_order_id') ?? v.get('clientOrderId');
  if (orderId) out = out.replace(/--(client-)?order-id ID\b/g, `--order-id ${orderId}`);
  else if (clientId) out = out.replace(/--(client-)?order-id ID\b/g, `--client-order-id ${clientId}`);
  return out;
}

/** `err` with its hint filled from `params`; other errors as they are. */
export function withRequestValues(err: unknown, params: Params): unknown {
  if (!(err instanceof BmError) || !err.details.hint) return err;
  const hint = fillHint(err.details.hint, params);
  if (hint === err.details.hint) return err;
  const filled = new BmError(err.category, err.message, { ...err.details, hint });
  filled.stack = err.stack;
  return filled;
}
