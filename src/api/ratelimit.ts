/**
 * Sliding-window rate accounting, shared by the client (which waits) and the sandbox (which refuses),
 * so both read the published limits the same way.
 */
import type { RateLimit } from './catalogue/types.js';

/** The request times (ms) of one limited interface and target. */
export class SlidingWindows {
  private readonly stamps: number[] = [];
  constructor(readonly rate: RateLimit) {}

  /** 0 when a request may go now (and it is counted); else the ms to wait before trying again. */
  take(now: number): number {
    const wait = this.waitFor(now);
    if (wait === 0) this.stamps.push(now);
    return wait;
  }

  /** Ms until a request would fit in every window; 0 when it fits now. */
  waitFor(now: number): number {
    const longest = Math.max(...this.rate.windows.map((w) => w.windowMs));
    while (this.stamps.length > 0 && this.stamps[0]! <= now - longest) this.stamps.shift();
    let wait = 0;
    for (const w of this.rate.windows) {
      const inWindow = this.countSince(now - w.windowMs);
      if (inWindow >= w.limit) {
        // The oldest stamp that must leave the window before one more fits.
        const oldest = this.stamps[this.stamps.length - w.limit]!;
        wait = Math.max(wait, oldest + w.windowMs - now + 1);
      }
    }
    return wait;
  }

  /** Requests left in the tightest window, and that window's length in seconds. */
  remaining(now: number): { limit: number; remaining: number; resetSeconds: number } {
    let best = { limit: Infinity, remaining: Infinity, resetSeconds: 0 };
    for (const w of this.rate.windows) {
      const left = Math.max(0, w.limit - this.countSince(now - w.windowMs));
      if (left < best.remaining) best = { limit: w.limit, remaining: left, resetSeconds: Math.ceil(w.windowMs / 1000) };
    }
    return best;
  }

  private countSince(t: number): number {
    let n = 0;
    for (let i = this.stamps.length - 1; i >= 0 && this.stamps[i]! > t; i--) n++;
    return n;
  }
}

/** One {@link SlidingWindows} per name (interface path plus target), made on first use. */
export class RateBook {
  private readonly windows = new Map<string, SlidingWindows>();
  get(name: string, rate: RateLimit): SlidingWindows {
    let w = this.windows.get(name);
    if (!w) this.windows.set(name, (w = new SlidingWindows(rate)));
    return w;
  }
}
