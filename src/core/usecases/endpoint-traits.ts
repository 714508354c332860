/**
 * What is special about an endpoint of either generation, said once as a trait the faces read, never an
 * endpoint id compared in a face. Light on purpose: the library's entry reads it as it declares its methods.
 */

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

/** The current generation's read of one order by its id: how a wait on a placement reads, and what it prints. */
export const ONE_ORDER_READ = 'spot.order.detail';

const TRAITS: Readonly<Record<string, EndpointTraits>> = {
  [ONE_ORDER_READ]: { readsOneOrder: 'current' },
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
