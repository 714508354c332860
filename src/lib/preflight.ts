/**
 * The command line's checks of an order before it is sent, for a library write: the pair's rules
 * (sizes, precision, minimum amounts, trading status), as `bm order place` checks them. A failure is a
 * usage error (exit 2 in the CLI) naming the parameter; nothing is sent.
 */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import { checkOrder, type OrderInput } from '../core/order/check.js';
import { pairRules, type PairSource } from '../core/order/pairs.js';
import { scalarText } from '../util/json.js';
import type { CurrentCalls } from '../core/calls.js';
import { asLibraryInput } from './wire.js';

/** Where a library client reads the pairs' rules: its venue, through its own REST client (cached as the CLI caches them). */
export function pairSource(calls: CurrentCalls): PairSource {
  return { env: calls.wiring.env, baseUrl: () => calls.wiring.venue.baseUrl(), calls: async () => calls };
}

/** An order as its checks read it: each field as text. */
export function orderInput(fields: Readonly<Record<string, unknown>>): OrderInput {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, scalarText(v)])) as unknown as OrderInput;
}

/** The parameters to send: a spot order checked against its pair's rules first (its client order id made here when none is given); others as given. */
export async function preflight(calls: CurrentCalls, ep: Endpoint, params: Params): Promise<Params> {
  if (ep.id !== 'spot.order.submit') return params;
  const input = orderInput(Object.fromEntries(params));
  const rules = await pairRules(pairSource(calls), input.symbol);
  return asLibraryInput(() => checkOrder(input, rules)).params;
}
