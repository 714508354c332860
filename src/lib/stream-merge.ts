/**
 * What a stream keeps for a loop that reads slower than the pushes come: a bound, and by which key a
 * push replaces one still waiting (each book or ticker push is whole, a candle push is the candle so far).
 */
import type { Push } from './types.js';

/** Pushes a stream keeps for a loop that reads slower than they come; past it the oldest are dropped. */
export const MAX_WAITING = 1000;

/**
 * While the loop is behind: `latest` keeps only the newest push (each is the whole book or ticker),
 * `candle` the newest of each candle, `event` every push up to {@link MAX_WAITING}.
 */
export type Merge = 'latest' | 'candle' | 'event';

/** The key a push replaces a waiting one by, or undefined when every push counts. */
export const mergeKey: Record<Merge, (p: Push) => string | undefined> = {
  latest: () => 'latest',
  candle: (p) => `candle ${JSON.stringify((p.candle as unknown[] | undefined)?.[0])}`,
  event: () => undefined,
};
