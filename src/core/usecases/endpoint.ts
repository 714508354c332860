/**
 * Any endpoint of either generation as a generic face calls it (`bm api`, `bm legacy`, the library's
 * methods): what is special about an endpoint is said here, once, as a trait the faces read (never an
 * endpoint id compared in a face), and a read's answer is checked as the core checks it.
 */
import type { Params } from '../../api/client.js';
import type { Row } from '../../util/row.js';
import { scalarText } from '../../util/json.js';
import { checkAnswered, checkLegacyAnswered } from '../order/answered.js';

/** What a face must know of an endpoint beyond the catalogue's data. */
export interface EndpointTraits {
  /** Reads one order by its id: an answer that is another order is no such order. */
  readonly readsOneOrder?: 'current' | 'legacy';
  /** Places an order: `current`, claimed only from its state (order use case); `legacy`, followed by its entrust id. */
  readonly placesOrder?: 'current' | 'legacy';
  /** Places many orders in one request: the batch use case (src/core/usecases/batch.ts), not a plain write. */
  readonly batch?: boolean;
  /** A ticker: its 24h change is shown signed, a percentage outside json and ndjson. */
  readonly ticker?: boolean;
  /** The server's time, read with the local clock's offset. */
  readonly serverTime?: boolean;
  /** The legacy access token: fetched, cached and renewed by bm itself, never called as an endpoint. */
  readonly accessToken?: boolean;
  /** The order book: its answer holds the two sides apart. */
  readonly book?: boolean;
  /** Candles: a time range read relative to now (from, to, step). */
  readonly candles?: boolean;
}

const TRAITS: Readonly<Record<string, EndpointTraits>> = {
  'spot.order.detail': { readsOneOrder: 'current' },
  'legacy.order.get': { readsOneOrder: 'legacy' },
  'spot.order.submit': { placesOrder: 'current' },
  'legacy.order.place': { placesOrder: 'legacy' },
  'spot.order.batch': { batch: true },
  'legacy.ticker': { ticker: true },
  'legacy.time': { serverTime: true },
  'legacy.token': { accessToken: true },
  'spot.book': { book: true },
  'spot.kline': { candles: true },
};

const NONE: EndpointTraits = {};

/** The traits of an endpoint of either generation (none for most). */
export const traitsOf = (ep: { readonly id: string } | undefined): EndpointTraits => (ep && TRAITS[ep.id]) || NONE;

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
