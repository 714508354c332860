/**
 * A recording's pushes as the backtest asks for them: read from the file as a stream up to a time, so
 * the market is run only over pushes that are all there (the live replay's feed reads ahead in the
 * background instead, where a late push would only be late). At most {@link WINDOW_BYTES} of push text
 * is held: a longer stretch without a stop of the bot is run in parts.
 */
import type { RecordedEvent } from '../../sandbox/replay/format.js';
import type { EventFeed } from '../../sandbox/replay/feed.js';
import { EventBuffer, nextPush } from '../../sandbox/replay/event-buffer.js';
import { recordedEvents, type ReplayCaps } from '../../sandbox/replay/recording.js';

/** Push text (UTF-16 units) held at most. */
export const WINDOW_BYTES = 16 * 1024 * 1024;

export class PullFeed implements EventFeed {
  private readonly events = new EventBuffer();
  private eof = false;
  readonly failure: Error | undefined = undefined;
  private readonly it: AsyncGenerator<unknown>;
  /** Events read from the file so far. */
  read = 0;

  /** `source`: the header (skipped) and pushes of a recording, in order. */
  constructor(source: AsyncGenerator<unknown>, private readonly windowBytes = WINDOW_BYTES) {
    this.it = source;
  }

  /** The pushes of the recording at `path`. */
  static ofFile(path: string, caps?: ReplayCaps): PullFeed {
    return new PullFeed(recordedEvents(path, caps));
  }

  peek(): RecordedEvent | undefined {
    return this.events.peek();
  }

  shift(): void {
    this.events.shift();
  }

  get finished(): boolean {
    return this.eof && this.events.empty;
  }

  /** The time of the next push not applied yet (reading it if needed); undefined at the end. */
  async nextTime(): Promise<number | undefined> {
    if (this.events.empty && !this.eof) await this.pull();
    return this.peek()?.t;
  }

  /**
   * Reads until every push up to `t` is held, or the window is full; resolves with the time up to which
   * the pushes held are complete (`t`, or the last one held when the window filled first).
   */
  async fillThrough(t: number): Promise<number> {
    for (;;) {
      const last = this.events.last();
      if (this.eof || (last && last.t > t)) return t;
      if (this.events.bytes >= this.windowBytes && last) return last.t - 1 < this.peek()!.t ? last.t : last.t - 1;
      await this.pull();
    }
  }

  private async pull(): Promise<void> {
    const x = await nextPush(this.it);
    if (!x) this.eof = true;
    else {
      this.events.push(x);
      this.read++;
    }
  }
}
