/**
 * Where a client counts its requests against the published limits. The per-process gate keeps its
 * windows in memory; the shared gate ({@link FileGate}) keeps them in a file under the state dir so
 * that every `bm` process on the machine counts the same windows.
 */
import type { RateLimit } from './catalogue/types.js';
import { RateBook } from '../util/ratelimit.js';

/** A place held in every window of one limit while its request is out. */
export interface Slot {
  /** Counts the request at `at` (ms), when its answer came back or it failed. */
  settle(at: number): void;
}

/** What a client needs of a limiter. `scope` names the counter (venue and key, or venue and IP); `name` the limited interface. */
export interface RateGate {
  /** Waits until a request may go, then holds its place. */
  acquire(scope: string, name: string, rate: RateLimit): Promise<Slot>;
  /** No request of `name` before `until` (ms): the venue asked for a pause. */
  block(scope: string, name: string, rate: RateLimit, until: number): void;
  /** Requests of ours in the last `windowMs` (answered or still out). */
  held(scope: string, name: string, rate: RateLimit, windowMs: number): number;
}

export type Clock = () => number;
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Tries `reserve` until it grants a place, sleeping the waits it asks for. */
export async function waitForSlot(reserve: (now: number) => { wait: number; slot?: Slot }, now: Clock, sleep: Sleep): Promise<Slot> {
  for (;;) {
    const r = reserve(now());
    if (r.slot) return r.slot;
    await sleep(r.wait);
  }
}

/** Windows of this process only. */
export class MemoryGate implements RateGate {
  private readonly book = new RateBook();
  constructor(
    private readonly now: Clock = Date.now,
    private readonly sleep: Sleep = realSleep,
  ) {}

  acquire(scope: string, name: string, rate: RateLimit): Promise<Slot> {
    const w = this.book.get(`${scope}\n${name}`, rate);
    return waitForSlot((now) => {
      const r = w.reserve(now);
      return r.settle ? { wait: 0, slot: { settle: r.settle } } : { wait: r.wait };
    }, this.now, this.sleep);
  }

  block(scope: string, name: string, rate: RateLimit, until: number): void {
    this.book.get(`${scope}\n${name}`, rate).block(until);
  }

  held(scope: string, name: string, rate: RateLimit, windowMs: number): number {
    return this.book.get(`${scope}\n${name}`, rate).held(this.now(), windowMs);
  }
}
