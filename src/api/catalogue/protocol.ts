/**
 * Protocol limits and defaults of the interface (spec 6.2, 8.2, 8.3; facts.md 5), one named place
 * each: the client paces and pages by them, the sandbox enforces them.
 */
export const PROTOCOL = {
  /** Spec 8.2: candles one k-line request may cover (50004 beyond). */
  candlesPerRequest: 500,
  /** Spec 8.2, facts.md 5: orders in one batch request (50033 beyond). */
  ordersPerBatch: 10,
  /** Spec 8.2: order book levels per side. */
  bookLevels: { min: 1, max: 200, default: 50 },
  /** Spec 8.2: client order id length (letters and digits). */
  clientOrderIdMax: 32,
  /** Spec 4.2: public trades one request returns at most (and by default). */
  tradesMax: 50,
  /** Spec 8.2: orders of one list request, fills of one page. */
  ordersPerList: 100,
  fillsPerPage: 100,
  /** Spec 6.2 and 8.3: topics and bytes of topic text in one subscribe request. */
  wsTopicsPerRequest: 20,
  wsBytesPerRequest: 4096,
  /** Spec 8.3: topics on one connection; messages a client may send per 10 s. */
  wsTopicsPerConnection: 100,
  wsMessagesPer10s: 100,
  /** Spec 8.3: the venue pushes a topic at most once per this many ms. */
  wsPushIntervalMs: 500,
  /** Spec 6.4: a connection the venue has not heard from for this long is closed (ms). */
  wsIdleMs: 20_000,
  /** Spec 6.4: a connection without a subscription for this long is closed (ms). */
  wsLifelessMs: 300_000,
  /** Spec 8.3: open connections per IP, connection requests per minute per IP, logged-in connections per account. */
  wsConnectionsPerIp: 10,
  wsConnectsPerMinute: 30,
  wsConnectionsPerAccount: 10,
  /** Spec 6.3: levels of the depth channels. */
  wsDepthLevels: [5, 20, 50],
  /** Facts.md 4: levels a side of the incremental book channel carries, and its push interval (ms). */
  wsIncreaseLevels: 100,
  wsIncreaseIntervalMs: 100,
} as const;

/**
 * Spec 6.1: where the streams are, after the venue's WebSocket address: the public channels, the
 * private ones (after a login), and the protocol version asked for. Every stream address is built
 * from these (src/core/live/address.ts).
 */
export const STREAM = {
  publicPath: '/api',
  privatePath: '/user',
  query: '?protocol=1.1',
} as const;
