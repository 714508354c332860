/**
 * The backtest's virtual time. It moves only when the runner moves it, and the runner moves it only
 * when nothing is working: every call of the bot's client in flight is waiting on this clock (a pause
 * of the rate limits, say), none is computing or loading. So no answer is ever late for a reason of
 * the machine's: the same run takes the same virtual times, however fast or loaded the machine is.
 * A call counts as waiting while a timer it set on this clock is pending; a request's own timeout is
 * set and cleared within one answer, in this process, so it never lets time move.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { WaitClock } from '../util/clock.js';

/** One piece of work in flight (a client call): how many of its timers on this clock are pending. */
interface Work {
  timers: number;
}

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly fn: () => void;
  readonly work: Work | undefined;
}

export class VirtualClock implements WaitClock {
  private t: number;
  private seq = 0;
  /** Pending timers, kept sorted by time then order of setting. */
  private timers: Timer[] = [];
  private readonly inFlight = new Set<Work>();
  private readonly store = new AsyncLocalStorage<Work>();

  /** `start`: ms since the epoch. */
  constructor(start: number) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  timer(ms: number, fn: () => void): () => void {
    const work = this.store.getStore();
    const t: Timer = { at: this.t + Math.max(0, Math.ceil(ms)), seq: this.seq++, fn, work };
    let i = this.timers.length;
    while (i > 0 && this.timers[i - 1]!.at > t.at) i--;
    this.timers.splice(i, 0, t);
    if (work) work.timers++;
    return () => {
      const at = this.timers.indexOf(t);
      if (at < 0) return;
      this.timers.splice(at, 1);
      if (work) work.timers--;
    };
  }

  /** Runs `fn` as work in flight: time does not move while it computes, only while it waits on this clock. */
  async track<T>(fn: () => Promise<T>): Promise<T> {
    const work: Work = { timers: 0 };
    this.inFlight.add(work);
    try {
      return await this.store.run(work, fn);
    } finally {
      this.inFlight.delete(work);
    }
  }

  /** True while some work in flight is not waiting on this clock. */
  busy(): boolean {
    for (const w of this.inFlight) if (w.timers === 0) return true;
    return false;
  }

  /** The time of the next pending timer, if any. */
  next(): number | undefined {
    return this.timers[0]?.at;
  }

  /** Moves the time to `t` (never back) and runs the timers due by then, in order. */
  moveTo(t: number): void {
    if (t > this.t) this.t = t;
    while (this.timers.length && this.timers[0]!.at <= this.t) {
      const timer = this.timers.shift()!;
      if (timer.work) timer.work.timers--;
      timer.fn();
    }
  }
}
