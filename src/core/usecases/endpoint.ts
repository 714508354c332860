/**
 * Any endpoint of either generation as a generic face calls it (`bm api`, `bm legacy`, the library's
 * methods): what is special about an endpoint is said here, once, as a trait the faces read (never an
 * endpoint id compared in a face), and a read's answer is checked as the core checks it.
 */
import type { Params } from '../../api/client.js';
import type { Row } from '../../util/row.js';
import { scalarText } from '../../util/json.js';
import { checkAnswered, checkLegacyAnswered } from '../order/answered.js';
import { traitsOf } from './endpoint-traits.js';

export { traitsOf, type EndpointTraits } from './endpoint-traits.js';

/** Throws (as a read of no such order) when a read of one order answered another; `command` names the read. */
export function checkRead(ep: { readonly id: string }, params: Params, data: unknown, command: string): void {
  const one = traitsOf(ep).readsOneOrder;
  if (one === 'current') checkAnswered(command, params, data as Row);
  else if (one === 'legacy') checkLegacyAnswered(command, params, data as Row);
}

/** The id of the order a proven write placed, when the endpoint places one (the first generation's `entrust_id`, the current's `order_id`). */
export function placedOrderId(ep: { readonly id: string }, data: unknown): string | undefined {
  const places = traitsOf(ep).placesOrder;
  if (!places) return undefined;
  const row = (data ?? {}) as Record<string, unknown>;
  return scalarText(places === 'legacy' ? row.entrust_id : row.order_id);
}
