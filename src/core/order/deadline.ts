/**
 * One deadline for a bounded wait (`order place --wait-timeout`): computed once from the clock, and
 * every await under it raced against the time that remains, so nothing under it can outlast it.
 */

import { type WaitClock } from '../../util/clock.js';

/** What {@link Deadline.race} gives when the deadline came first. */
export const LATE: unique symbol = Symbol('late');

export class Deadline {
  /** ms since the epoch, by the clock. */
  readonly at: number;

  constructor(readonly clock: WaitClock, ms: number) {
    this.at = clock.now() + ms;
  }

  /** ms left, 0 once past. */
  left(): number {
    return Math.max(0, this.at - this.clock.now());
  }

  /** `p`'s value, or {@link LATE} when the deadline comes first (p is left to settle on its own). */
  race<T>(p: Promise<T>): Promise<T | typeof LATE> {
    return new Promise((ok, ko) => {
      const cancel = this.clock.timer(this.left(), () => ok(LATE));
      p.then((v) => (cancel(), ok(v)), (e: unknown) => (cancel(), ko(e)));
    });
  }

  /** Resolves after `ms` (never past the deadline), or as soon as the function given to `onWake` is called. */
  nap(ms: number, onWake: (wake: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const cancel = this.clock.timer(Math.min(ms, this.left()), resolve);
      onWake(() => (cancel(), resolve()));
    });
  }
}
