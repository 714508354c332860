// Generated from the catalogue by vocabSource() in src/lib/vocab-source.ts; a test keeps it current.
/**
 * The side of an order:
 * - `buy`: buy the base currency
 * - `sell`: sell the base currency
 */
export type Side = "buy" | "sell";

/**
 * The type of an order:
 * - `limit`: rests at the price until filled or cancelled
 * - `market`: fills at once against the book (a buy spends --notional)
 * - `limit_maker`: post only: cancelled at once when it would cross
 * - `ioc`: immediate or cancel: what does not fill at once is cancelled
 */
export type OrderType = "limit" | "market" | "limit_maker" | "ioc";

/**
 * Self-trade prevention of an order:
 * - `none`: no self-trade prevention
 * - `cancel_maker`: cancel the resting order of yours
 * - `cancel_taker`: cancel the incoming order
 * - `cancel_both`: cancel both orders
 */
export type StpMode = "none" | "cancel_maker" | "cancel_taker" | "cancel_both";

/** A candle interval the WebSocket streams (`client.watch.kline`), spelt as the command line spells widths (`1H`, `1D`, `1W` are taken too; `1m` a minute, `1M` a month). */
export type KlineInterval = "1m" | "3m" | "5m" | "15m" | "30m" | "1h" | "2h" | "4h" | "1d" | "1w" | "1M";

/** Levels per side of a book stream (`client.watch.depth`). */
export type DepthLevels = 5 | 20 | 50;
