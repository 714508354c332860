/**
 * A clock on real time that a test can skip forward (a `WaitClock` for an in-process `bm`): timers fire
 * when their time comes, or at once when `skip` passes it. A hung request's timeout is skipped the moment
 * the test knows the request hangs, instead of waited for; what nobody skips behaves as on the system clock.
 * Once held, the time moves only by `skip`: a deadline set then ends when the test says, never by chance.
 */
import type { WaitClock } from '../../src/util/clock.js';

export interface SkipClock extends WaitClock {
  /** Moves the time forward by `ms` (ms): the timers due by then fire now, in the order they are due. */
  skip(ms: number): void;
  /** Stops following real time: from now on only `skip` moves it, and timers set from now on fire only by it. */
  hold(): void;
}

export function skipClock(): SkipClock {
  let offset = 0;
  let heldAt: number | undefined;
  const now = () => (heldAt ?? Date.now()) + offset;
  type Timer = { readonly at: number; readonly fn: () => void; readonly t?: NodeJS.Timeout };
  const timers = new Set<Timer>();
  /** True when `e` was still set. */
  const cancel = (e: Timer) => (clearTimeout(e.t), timers.delete(e));
  return {
    now,
    timer(ms, fn) {
      const e: Timer = { at: now() + ms, fn, ...(heldAt === undefined ? { t: setTimeout(() => cancel(e) && fn(), ms) } : {}) };
      timers.add(e);
      return () => void cancel(e);
    },
    skip(ms) {
      offset += ms;
      const t = now();
      for (const e of [...timers].filter((x) => x.at <= t).sort((a, b) => a.at - b.at)) if (cancel(e)) e.fn();
    },
    hold() {
      heldAt ??= Date.now();
    },
  };
}
