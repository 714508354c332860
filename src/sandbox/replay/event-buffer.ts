/** Pushes read from a recording and not applied yet, oldest first, with the size of their text. */
import type { RecordedEvent } from './format.js';

export class EventBuffer {
  private buf: RecordedEvent[] = [];
  private head = 0;
  /** Push text held (UTF-16 units). */
  bytes = 0;

  peek(): RecordedEvent | undefined {
    return this.buf[this.head];
  }

  /** The newest push held. */
  last(): RecordedEvent | undefined {
    return this.head < this.buf.length ? this.buf[this.buf.length - 1] : undefined;
  }

  get empty(): boolean {
    return this.head >= this.buf.length;
  }

  push(e: RecordedEvent): void {
    this.buf.push(e);
    this.bytes += e.raw.length;
  }

  /** Drops the oldest push; false when there was none. */
  shift(): boolean {
    const e = this.buf[this.head];
    if (!e) return false;
    this.bytes -= e.raw.length;
    // The array is cut now and then, not at every push: shifting an array costs its length.
    if (++this.head > 1024) {
      this.buf = this.buf.slice(this.head);
      this.head = 0;
    }
    return true;
  }
}

/** The next push of a recording's reading (its header skipped); undefined at its end. */
export async function nextPush(it: AsyncIterator<unknown>): Promise<RecordedEvent | undefined> {
  for (;;) {
    const r = await it.next();
    if (r.done) return undefined;
    const x = r.value as RecordedEvent;
    if ('raw' in x) return x;
  }
}
