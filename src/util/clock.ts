/** The time and a cancellable timer; injected so a test moves time itself. */
export interface WaitClock {
  /** ms since the epoch. */
  now(): number;
  /** Calls `fn` after `ms` ms; returns what cancels it. */
  timer(ms: number, fn: () => void): () => void;
}

export const systemClock: WaitClock = {
  now: () => Date.now(),
  timer: (ms, fn) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/** A pause of `ms` on `clock` (a sleep that a test's clock ends when it moves). */
export function sleepOn(clock: WaitClock): (ms: number) => Promise<void> {
  return (ms) => new Promise<void>((r) => void clock.timer(ms, r));
}
