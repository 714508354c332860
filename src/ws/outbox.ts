/** Frames waiting to be sent, released no faster than the venue's message limit (spec 8.3). */
import type { SlidingWindows } from '../util/ratelimit.js';

export class Outbox {
  private queue: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly budget: SlidingWindows,
    /** Sends one frame; false when the socket cannot take it now (it stays queued). */
    private readonly write: (text: string) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  push(text: string): void {
    this.queue.push(text);
    this.flush();
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length && this.budget.waitFor(this.now()) === 0) {
      if (!this.write(this.queue[0]!)) return;
      this.queue.shift();
      this.budget.take(this.now());
    }
    if (this.queue.length) this.timer = setTimeout(() => this.flush(), this.budget.waitFor(this.now()));
  }

  /** Forgets what was not sent (a new socket starts with its own login and subscriptions). */
  clear(): void {
    this.queue = [];
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
