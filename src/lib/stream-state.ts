/**
 * A stream's state, told as it changes (`onState`, and a line to the client's onNote): `connected`
 * once the venue acknowledged the subscription (again after each reconnect), `reconnecting` when the
 * connection dropped and is being opened again, `stale` when no push came for `staleAfterMs`, and
 * once `maxReconnects` attempts in a row failed a {@link StreamError} ends the stream.
 */
import { usage } from '../errors.js';
import type { WaitClock } from '../util/clock.js';
import { StreamError } from './errors.js';
import type { StreamOptions, StreamState, StreamStateChange } from './types.js';

/** Reconnect attempts in a row after which a stream gives up (backoff 0.5 s doubling to 30 s: about 2.5 minutes). */
export const MAX_RECONNECTS = 10;
/** A public channel with no push for this long (ms) is `stale`; the order channel is quiet between orders, so it has no default. */
export const STALE_AFTER_MS = 60_000;

/** A stream's limits and listener, checked. */
export interface StreamLimits {
  readonly maxReconnects: number;
  /** 0: never stale. */
  readonly staleAfterMs: number;
  readonly onState?: (change: StreamStateChange) => void;
}

/** The options of a stream, checked (a usage error names a bad one: nothing is opened). */
export function streamLimits(opts: StreamOptions, isPrivate: boolean): StreamLimits {
  const whole = (v: unknown, name: string, min: number) => {
    if (v === undefined) return undefined;
    if (!Number.isSafeInteger(v) || (v as number) < min) throw usage(`${name}: give a whole number, ${min} or more (got ${String(v)})`);
    return v as number;
  };
  if (opts.onState !== undefined && typeof opts.onState !== 'function') throw usage('onState: give a function of one state change');
  return {
    maxReconnects: whole(opts.maxReconnects, 'maxReconnects', 0) ?? MAX_RECONNECTS,
    staleAfterMs: whole(opts.staleAfterMs, 'staleAfterMs', 0) ?? (isPrivate ? 0 : STALE_AFTER_MS),
    ...(opts.onState ? { onState: opts.onState } : {}),
  };
}

export class StreamStates {
  state: StreamState = 'connecting';
  everConnected = false;
  private attempt = 0;
  private lastPush: number;
  private cancelStale: (() => void) | undefined;

  constructor(
    private readonly limits: StreamLimits,
    private readonly clock: WaitClock,
    private readonly topic: () => string,
    private readonly note: (line: string) => void,
    /** Ends the stream with this error. */
    private readonly fail: (err: StreamError) => void,
  ) {
    this.lastPush = clock.now();
  }

  /** The venue acknowledged the subscription: first, or after a reconnect. */
  connected(): void {
    const again = this.everConnected;
    this.everConnected = true;
    this.attempt = 0;
    this.lastPush = this.clock.now();
    this.set({ state: 'connected', at: this.clock.now() }, again ? 'connected again' : '');
    this.watchStale();
  }

  /** The connection dropped (or an attempt failed) and will be tried again. */
  reconnecting(): void {
    if (this.state === 'closed') return;
    this.cancelStale?.();
    this.attempt++;
    if (this.everConnected && this.attempt > this.limits.maxReconnects) {
      const err = new StreamError('reconnects_exhausted', `${this.topic()}: the venue went away: ${this.limits.maxReconnects} reconnects in a row failed; the stream ended`, { hint: 'check the venue (bm service), then open the stream again' });
      this.note(`bm: ${err.message}`);
      this.fail(err);
      return;
    }
    const line = this.everConnected ? `connection lost; reconnecting (attempt ${this.attempt} of ${this.limits.maxReconnects})` : `cannot connect yet; trying again (attempt ${this.attempt})`;
    this.set({ state: 'reconnecting', at: this.clock.now(), attempt: this.attempt }, line);
  }

  /** A push came. */
  pushed(): void {
    this.lastPush = this.clock.now();
    if (this.state === 'stale') {
      this.set({ state: 'connected', at: this.lastPush }, 'pushes again');
      this.watchStale();
    }
  }

  close(): void {
    this.cancelStale?.();
    this.state = 'closed';
  }

  private watchStale(): void {
    this.cancelStale?.();
    const ms = this.limits.staleAfterMs;
    if (!ms || this.state === 'closed') return;
    this.cancelStale = this.clock.timer(ms - (this.clock.now() - this.lastPush), () => {
      if (this.state !== 'connected') return;
      const silent = this.clock.now() - this.lastPush;
      if (silent < ms) return this.watchStale();
      this.set({ state: 'stale', at: this.clock.now(), silentMs: silent }, `stale: no push for ${Math.round(silent / 1000)} s`);
    });
  }

  private set(change: StreamStateChange, line: string): void {
    if (this.state === 'closed') return;
    const changed = this.state !== change.state || change.state === 'reconnecting';
    this.state = change.state;
    if (!changed) return;
    if (line) this.note(`bm: ${this.topic()}: ${line}`);
    this.limits.onState?.(change);
  }
}
