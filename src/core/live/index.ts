/**
 * The live layer: the only opener of streams (src/ws/ holds the connection itself). The faces import it
 * through this file alone, lazily, so a one-shot command never loads it.
 */
export { streamAddress, type StreamSide } from './address.js';
export { connectionOptions, openStream, type LiveConnection, type Opener, type StreamSpec, type StreamVenue } from './connect.js';
export { LiveOrders, pushOfRow, type OrderReads } from './orders.js';
export { openOrderStream, type OrderStream, type OrderStreamSpec } from './order-stream.js';
export { accountReads, endedOrders, orderReads } from './reads.js';
export type { CallsSource } from '../calls.js';
export { AccountState, type AccountEvent, type AccountReads, type Balance } from './account.js';
export { MarketState, type MarketEvent } from './market.js';
export { SPARK_MINUTES, TickerBoard, tickerFigures, type TickerFigures } from './tickers.js';
