/**
 * How fast a {@link WsConnection} may go: the frames it sends per 10 s and the connections it opens per
 * minute (spec 8.3), and how long it waits before the next attempt after a drop.
 */
import { custom } from '../api/catalogue/limits.js';
import { PROTOCOL } from '../api/catalogue/protocol.js';
import { SlidingWindows } from '../util/ratelimit.js';
import type { ConnectionOptions } from './options.js';

/** Messages per 10 s kept below the venue's budget, so a skew between its clock and ours never trips it. */
const SEND_MARGIN = 5;

/** The frames a connection may send: per 10 s, a margin below the venue's budget. */
export function sendBudget(opts: Pick<ConnectionOptions, 'sendsPer10s'>): SlidingWindows {
  return new SlidingWindows(custom('IP', opts.sendsPer10s ?? PROTOCOL.wsMessagesPer10s - SEND_MARGIN, 10_000));
}

/** The connections a connection may open: per minute. */
export function connectBudget(opts: Pick<ConnectionOptions, 'connectsPerMinute'>): SlidingWindows {
  return new SlidingWindows(custom('IP', opts.connectsPerMinute ?? PROTOCOL.wsConnectsPerMinute, 60_000));
}

/** ms before attempt `attempt` (0 first): between half and all of `base * 2^attempt`, capped. */
export function backoffDelay(attempt: number, opts: Pick<ConnectionOptions, 'backoffBaseMs' | 'backoffMaxMs' | 'random'>): number {
  const base = opts.backoffBaseMs ?? 500;
  const cap = Math.min(opts.backoffMaxMs ?? 30_000, base * 2 ** attempt);
  return cap / 2 + (opts.random ?? Math.random)() * (cap / 2);
}
