/**
 * Sliding-window rate accounting, shared by the client (which waits) and the sandbox (which refuses),
 * so both read the published limits the same way.
 */

/** One rate-limit window: at most `limit` requests per `windowMs`. */
export interface Window {
  readonly limit: number;
  readonly windowMs: number;
}

/** The rate limit of one endpoint, as the catalogue publishes it. */
export interface RateLimit {
  /** Counted per API key (KEY) or per address (IP). */
  readonly target: 'IP' | 'KEY';
  /** Every window applies at once: both readings of the published tables are honoured. */
  readonly windows: readonly Window[];
}

/** The request times (ms) of one limited interface and target. */
export class SlidingWindows {
  /** Times of counted requests, oldest first. */
  private readonly stamps: number[] = [];
  /** Requests sent and not yet answered: each holds a place in every window until it is settled. */
  private readonly pending: number[] = [];
  /** No request before this time (ms): the venue asked for a pause (Retry-After, a spent window). */
  private blockedUntil = 0;
  constructor(readonly rate: RateLimit) {}

  /** A window rebuilt from stored stamps and the send times of requests still out (a shared store). */
  static restore(rate: RateLimit, stamps: readonly number[], pending: readonly number[], blockedUntil = 0): SlidingWindows {
    const w = new SlidingWindows(rate);
    w.stamps.push(...stamps);
    w.pending.push(...pending);
    w.blockedUntil = blockedUntil;
    return w;
  }

  /** Keeps every request waiting until `until` (ms); a later block wins. */
  block(until: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, until);
  }

  /** Requests counted in the last `windowMs`, plus those still out. */
  held(now: number, windowMs: number): number {
    return this.countSince(now - windowMs) + this.pending.length;
  }

  /**
   * For a sender, which cannot know when the venue counts its request: reserves a place when one is
   * free (`wait` 0) and gives back `settle`, to be called with the time the answer came back (or the
   * request failed). The request is then counted at that time, the latest it can have reached the
   * venue, so a venue counting on arrival never sees more than the limit, whatever the latency.
   * Otherwise `wait` is the ms to wait before asking again.
   */
  reserve(now: number): { wait: number; settle?: (at: number) => void } {
    const wait = this.waitFor(now);
    if (wait > 0) return { wait };
    const ticket = now;
    this.pending.push(ticket);
    let settled = false;
    return {
      wait: 0,
      settle: (at: number) => {
        if (settled) return;
        settled = true;
        this.pending.splice(this.pending.indexOf(ticket), 1);
        insertStamp(this.stamps, Math.max(at, ticket));
      },
    };
  }

  /** 0 when a request may go now (and it is counted); else the ms to wait before trying again. */
  take(now: number): number {
    const wait = this.waitFor(now);
    if (wait === 0) this.stamps.push(now);
    return wait;
  }

  /** Ms until a request would fit in every window; 0 when it fits now. */
  waitFor(now: number): number {
    const longest = Math.max(...this.rate.windows.map((w) => w.windowMs));
    // One window more of history than pacing needs: "is the venue's window spent by us?" looks back
    // from a request's send time, up to a round trip before now.
    while (this.stamps.length > 0 && this.stamps[0]! <= now - 2 * longest) this.stamps.shift();
    let wait = Math.max(0, this.blockedUntil - now);
    const held = this.pending.length;
    for (const w of this.rate.windows) {
      const inWindow = this.countSince(now - w.windowMs) + held;
      if (inWindow >= w.limit) {
        // The oldest stamp that must leave the window before one more fits; when that place is held by
        // a request still in flight, its send time plus the window is the earliest it can free.
        const need = inWindow - w.limit;
        const counted = this.stamps.length - this.countSince(now - w.windowMs);
        const i = counted + need;
        if (i < this.stamps.length) wait = Math.max(wait, this.stamps[i]! + w.windowMs - now + 1);
        else wait = Math.max(wait, Math.min(...this.pending) + w.windowMs - now + 1, 10);
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

/** Inserts `t` into ascending `stamps`, kept in order however answers arrive. */
export function insertStamp(stamps: number[], t: number): void {
  let i = stamps.length;
  while (i > 0 && stamps[i - 1]! > t) i--;
  stamps.splice(i, 0, t);
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
