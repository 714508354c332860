/** A clock that moves only when the test moves it (a `WaitClock`): the time, cancellable timers, and `advance`. */
import type { WaitClock } from '../../src/util/clock.js';

export interface FakeClock extends WaitClock {
  /** Moves the time forward by `ms`, firing the timers due on the way, in order. */
  advance(ms: number): void;
  /** Timers set and neither fired nor cancelled. */
  pending(): number;
}

export function fakeClock(start = 0): FakeClock {
  let t = start;
  const timers = new Set<{ at: number; fn: () => void }>();
  return {
    now: () => t,
    timer(ms, fn) {
      const e = { at: t + ms, fn };
      timers.add(e);
      return () => void timers.delete(e);
    },
    advance(ms) {
      const end = t + ms;
      for (;;) {
        const due = [...timers].filter((e) => e.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due);
        t = Math.max(t, due.at);
        due.fn();
      }
      t = end;
    },
    pending: () => timers.size,
  };
}
