/**
 * The pushes of a recording as the replay needs them: a window read ahead of the market (at most
 * {@link READ_AHEAD_BYTES} of push text, refilled in the background as pushes are applied), so a file of
 * any length costs a few MiB. The market takes what is buffered; when the reader is behind, the rest is
 * applied on a later run of the market, each push still at its own due time.
 */
import { EventBuffer, nextPush } from './event-buffer.js';
import type { RecordedEvent } from './format.js';
import { recordedEvents, RecordingFileError } from './recording.js';
import type { ReplayCaps } from './lines.js';

/** Push text (UTF-16 units) read ahead of the market at most; refilled when it falls under half. */
export const READ_AHEAD_BYTES = 8 * 1024 * 1024;

/** What the replayed market reads pushes from. */
export interface EventFeed {
  /** The next push, if read already. */
  peek(): RecordedEvent | undefined;
  /** Done with the push {@link peek} returned. */
  shift(): void;
  /** True once every push of the file was taken. */
  readonly finished: boolean;
  /** Set when the second reading failed (the file changed since it was checked). */
  readonly failure: Error | undefined;
}

export class FileFeed implements EventFeed {
  private readonly events = new EventBuffer();
  private eof = false;
  private filling: Promise<void> | undefined;
  failure: Error | undefined;
  private readonly it: AsyncGenerator<unknown>;

  constructor(readonly path: string, caps?: ReplayCaps, private readonly readAhead = READ_AHEAD_BYTES) {
    this.it = recordedEvents(path, caps);
  }

  /** Reads the first window; resolves once it is buffered. */
  async prime(): Promise<void> {
    await this.fill();
  }

  peek(): RecordedEvent | undefined {
    return this.events.peek();
  }

  shift(): void {
    if (!this.events.shift()) return;
    if (!this.eof && this.events.bytes < this.readAhead / 2) void this.fill();
  }

  get finished(): boolean {
    return this.eof && this.events.empty;
  }

  private fill(): Promise<void> {
    return (this.filling ??= this.read().finally(() => (this.filling = undefined)));
  }

  private async read(): Promise<void> {
    try {
      while (this.events.bytes < this.readAhead) {
        const x = await nextPush(this.it);
        if (!x) {
          this.eof = true;
          return;
        }
        this.events.push(x);
      }
    } catch (err) {
      this.eof = true;
      this.failure = err instanceof RecordingFileError ? err : new RecordingFileError(this.path, (err as Error).message);
    }
  }

}
