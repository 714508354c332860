/**
 * What both REST clients share: credentials, the venue's clock offset, the rate limits (the
 * catalogue's, the venue's headers, Retry-After), the request trace, and the failure of a request
 * that got no answer. {@link ApiClient} and the legacy client add only their generation's wire format.
 * What a client is given and sends is ./base-types.ts; a venue's block of this address, ./venue-block.ts.
 */
import { BmError } from '../errors.js';
import { networkFailure } from './failure.js';
import { MemoryGate, realSleep, type RateGate, type Sleep } from './gate.js';
import { TransportError, type HttpResponse } from './http.js';
import type { BaseOptions, Credentials, Limited, Outgoing } from './base-types.js';
import { keyTag } from './key-tag.js';
import { rateHeaders, RemainingReading } from './rate-headers.js';
import { traceRequest, traceResponse } from './redact.js';
import { send } from './transport.js';
import { blockedLocally, MAX_RATE_WAIT_MS } from './venue-block.js';

export abstract class ClientBase {
  protected readonly now: () => number;
  protected readonly sleep: Sleep;
  protected readonly gate: RateGate;
  /** Venue clock minus ours, ms. */
  protected clockOffsetMs = 0;
  /**
   * How far the venue's clock may be from what the offset says, ms: half the time the last read of it
   * took (the venue read its clock somewhere inside it, the waits for a place in the rate windows included).
   */
  private clockWithinMs = 0;
  private readonly readings = new Map<string, RemainingReading>();
  /** Venues (origins) that blocked this address (418): until when (ms), and whether the venue said so. */
  private readonly blocks = new Map<string, { until: number; said: boolean }>();

  constructor(protected readonly base: BaseOptions) {
    this.now = base.now ?? Date.now;
    this.sleep = base.sleep ?? realSleep;
    this.gate = base.gate ?? new MemoryGate(this.now, this.sleep);
  }

  /** Venue time in ms, as text: our clock corrected by the learned offset. */
  protected timestamp(): string {
    return String(this.now() + this.clockOffsetMs);
  }

  /** The credentials, or an auth error naming what needed them. */
  protected async creds(what: string): Promise<Credentials> {
    const c = await this.base.credentials();
    if (!c) {
      throw new BmError('auth', `${what} needs an API key and none is configured`, {
        hint: 'add one with: bm profile add NAME (or set BM_API_KEY, BM_API_SECRET, BM_API_MEMO)',
      });
    }
    return c;
  }

  /** Learns the clock offset from a request for the venue's time (ms, a number or its text). */
  protected async learnClock(serverTime: () => Promise<unknown>): Promise<number> {
    const before = this.now();
    const server = Number(String(await serverTime()));
    const after = this.now();
    if (Number.isFinite(server)) {
      this.clockOffsetMs = server - Math.round((before + after) / 2);
      this.clockWithinMs = Math.ceil((after - before) / 2);
    }
    this.base.trace?.(`clock offset from the venue: ${this.clockOffsetMs} ms (within ${this.clockWithinMs} ms)`);
    return this.clockOffsetMs;
  }

  /** How far (ms) the venue's clock may be from the offset last learned, either way. */
  get clockWithin(): number {
    return this.clockWithinMs;
  }

  /** True when the answer refuses the request for its rate (the generation may know more codes). */
  protected rateLimited(res: HttpResponse): boolean {
    return res.status === 429;
  }

  /**
   * Sends the request `build` makes, within the limits: waits for a place in every window (and for
   * any pause the venue asked for), and after a 429 waits as long as the venue asked (`Retry-After`,
   * else the window, doubling) on a fresh connection, up to the allowed retries. Resolves with any
   * HTTP answer; rejects with a network {@link BmError} when there was none.
   * `shown` is the request fit to print (secrets redacted); `unknownHint` says how to check a write.
   */
  protected async exchange(limited: Limited, build: () => Promise<{ req: Outgoing; shown?: Outgoing }>, unknownHint: string): Promise<HttpResponse> {
    const origin = new URL(await this.base.baseUrl()).origin;
    const who = limited.rate.target === 'KEY' ? await this.base.credentials().catch(() => undefined) : undefined;
    const scope = `${origin} ${who ? `key-${keyTag(who.key)}` : 'ip'}`;
    const maxRetries = this.base.maxRateRetries ?? 3;
    let refusedRetried = false;
    let fresh = false;
    for (let attempt = 0; ; ) {
      const slot = await this.gate.acquire(scope, limited.name, limited.rate);
      const block = this.blocks.get(origin);
      if (block && block.until > this.now()) {
        slot.settle(this.now());
        throw blockedLocally(limited.name, block, this.now());
      }
      const sentAt = this.now();
      let res: HttpResponse;
      try {
        const { req, shown } = await build();
        res = await this.transmit(req, shown ?? req, fresh);
      } catch (err) {
        slot.settle(this.now());
        // Refused, or reset (a server going down): a venue that can be started again is, once. A reset after the
        // connection was made may have carried the request: a read is tried again there (the host restarts only a
        // venue whose process is gone), a write never (its outcome is looked up).
        if (err instanceof TransportError && (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET') && (!err.reached || !limited.write) && !refusedRetried && this.base.onRefused) {
          refusedRetried = true;
          if (await this.base.onRefused(err.reached)) continue;
        }
        throw err instanceof TransportError ? networkFailure(err, limited.write, unknownHint) : err;
      }
      const now = this.now();
      slot.settle(now);
      const h = rateHeaders(res.headers, now);
      // Blocked (418): nothing more goes to that venue from this client until the block ends (a minute when it does not say).
      if (res.status === 418) this.blocks.set(origin, { until: now + (h.retryAfterMs ?? MAX_RATE_WAIT_MS), said: h.retryAfterMs !== undefined });
      if (!this.rateLimited(res)) {
        this.noteSpent(scope, limited, h, now, sentAt);
        return res;
      }
      // 418 (blocked for repeated violations) is not retried: retrying is what got it blocked.
      if (res.status === 418 || attempt >= maxRetries) return res;
      const backoff = Math.min(8000, (h.resetMs ?? 500) * 2 ** attempt);
      const wait = Math.max(h.retryAfterMs ?? 0, backoff);
      if (wait > MAX_RATE_WAIT_MS) return res;
      this.gate.block(scope, limited.name, limited.rate, now + wait);
      this.base.trace?.(`rate limited: retrying in ${wait} ms${h.retryAfterMs !== undefined ? ' (Retry-After)' : ''}`);
      // A wait a person notices is said (the request is retried, not failed).
      if (wait >= 1000) this.base.note?.(`bm: the venue asks to slow down (HTTP ${res.status}): retrying in ${(wait / 1000).toFixed(1)} s`);
      attempt++;
      fresh = true;
    }
  }

  /**
   * When the venue says a window is spent and we did not spend it all ourselves, nobody here sends
   * before it resets. The venue counted at this request's arrival, some time after `sentAt`: every
   * request it counted then was answered after `sentAt - window`, so ours are counted from there.
   */
  private noteSpent(scope: string, limited: Limited, h: ReturnType<typeof rateHeaders>, now: number, sentAt: number): void {
    let reading = this.readings.get(limited.name);
    if (!reading) this.readings.set(limited.name, (reading = new RemainingReading()));
    if (!reading.spent(h, now)) return;
    const windowMs = h.resetMs ?? Math.max(...limited.rate.windows.map((w) => w.windowMs));
    const ours = this.gate.held(scope, limited.name, limited.rate, windowMs + Math.max(0, now - sentAt));
    if (ours >= h.limit!) return;
    this.base.trace?.(`the venue says ${limited.name} is spent (remaining ${h.remaining} of ${h.limit}, ours ${ours}): pausing ${windowMs} ms`);
    this.gate.block(scope, limited.name, limited.rate, now + windowMs);
  }

  /** One request on the wire, traced. */
  private async transmit(req: Outgoing, shown: Outgoing, fresh: boolean): Promise<HttpResponse> {
    const trace = this.base.trace;
    if (trace) traceRequest(trace, shown);
    const started = this.now();
    const timeout = this.timeoutSignal();
    try {
      const out = { ...req, timeoutMs: this.base.timeoutMs, ...(fresh ? { fresh } : {}), ...(timeout ? { signal: timeout.signal } : {}) };
      const res = await (this.base.send ? this.base.send(out) : send(out, this.base.env));
      if (trace) traceResponse(trace, res, this.now() - started, this.shownAnswer(res));
      return res;
    } finally {
      timeout?.cancel();
    }
  }

  /** The request timeout on the injected clock; undefined on the system's (the transport sets its own). */
  private timeoutSignal(): { signal: AbortSignal; cancel: () => void } | undefined {
    if (!this.base.timer) return undefined;
    const ac = new AbortController();
    const cancel = this.base.timer(this.base.timeoutMs, () => ac.abort(new DOMException('timed out', 'TimeoutError')));
    return { signal: ac.signal, cancel };
  }

  /** The body of an answer fit to print (the legacy token answer hides its token). */
  protected shownAnswer(res: HttpResponse): string {
    return res.text;
  }
}
