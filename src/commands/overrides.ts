/**
 * Hand-written commands that add value over the generic engine: extra options declared here (cheap),
 * code imported only when the command runs.
 */
import type { Invocation } from './engine.js';

export interface OverrideModule {
  run(inv: Invocation): Promise<void>;
}

export interface Override {
  /** Options beyond the catalogue's parameters: [flags, description]. */
  readonly options?: ReadonlyArray<readonly [string, string]>;
  readonly load: () => Promise<OverrideModule>;
}

export const OVERRIDES: Readonly<Record<string, Override>> = {
  'system.time': { load: () => import('./market/time.js') },
  'system.service': { load: () => import('./market/service.js') },
  'spot.symbols.details': { load: () => import('./market/details.js') },
  'spot.ticker': { load: () => import('./market/ticker.js') },
  'spot.kline': { options: [['--chart', 'draw the candles in the terminal']], load: () => import('./market/kline.js') },
  'spot.book': { load: () => import('./market/book.js') },
};
