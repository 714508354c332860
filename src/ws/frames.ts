/**
 * What a decoded frame (./codec.ts) asks of its {@link WsConnection}: a push for the listener, a login
 * or subscription answered, a frame refused, or a venue error (spec 6.5) to ignore, reconnect after, or
 * end the connection with.
 */
import { MAX_FRAME_BYTES, type Entry, type Frame } from './codec.js';

export type ErrorFrame = Extract<Frame, { kind: 'error' }>;

/** The connection as a frame reaches it. */
export interface FrameTarget {
  push(table: string, data: readonly Entry[], text: string): void;
  /** The venue answered the login. */
  loggedIn(): void;
  acked(topic: string): void;
  /** Tells the user `line`. */
  say(line: string): void;
  /** Abandons the socket (`why`, for the trace): its close reconnects. */
  drop(why: string): void;
  /** A venue error that ends the connection (unless a renewed key lets the login be tried again). */
  venueError(f: ErrorFrame): void;
  trace?(line: string): void;
}

export function receiveFrame(f: Frame, to: FrameTarget): void {
  switch (f.kind) {
    case 'pong':
      return;
    case 'oversize':
      to.say(`a frame of ${f.bytes} bytes would inflate beyond ${MAX_FRAME_BYTES} bytes: refused; reconnecting`);
      return to.drop('oversized frame');
    case 'garbled':
      return to.say(`a binary frame of ${f.bytes} bytes could not be inflated (${f.why}): skipped`);
    case 'push':
      return to.push(f.table, f.data, f.text);
    case 'event':
      if (f.event === 'login') to.loggedIn();
      else if (f.event === 'subscribe' && f.topic) to.acked(f.topic);
      return;
    case 'error':
      if (f.code === '90008') return to.trace?.(`already subscribed: ${f.message}`);
      if (f.code === '95000') return to.drop(`venue error 95000: ${f.message}`);
      return to.venueError(f);
    case 'unknown':
      return to.trace?.(`unrecognised frame: ${f.text.slice(0, 120)}`);
    default: {
      const never: never = f;
      return never;
    }
  }
}
