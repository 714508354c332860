/** What the live layer's tests share: a connection the test drives (states, acks and pushes by hand). */
import type { LiveConnection } from '../../../../src/core/live/connect.js';
import type { ConnectionOptions } from '../../../../src/ws/options.js';
import type { Entry } from '../../../../src/ws/codec.js';

export class Driven implements LiveConnection {
  reconnects = 0;
  lastMessageAt = 0;
  started = false;
  closed = false;
  readonly topics: string[] = [];
  constructor(readonly opts: ConnectionOptions) {}
  subscribe(topics: readonly string[]): void {
    this.topics.push(...topics.filter((t) => !this.topics.includes(t)));
  }
  start(): void {
    this.started = true;
  }
  async close(): Promise<void> {
    this.closed = true;
  }
  /** Logged in (when private), subscribed, every topic acknowledged. */
  up(): void {
    this.opts.onState?.('connecting');
    if (this.opts.login) this.opts.onState?.('login');
    this.opts.onState?.('ready');
    for (const t of this.topics) this.opts.onAck?.(t);
  }
  /** The socket was cut: the connection waits to reconnect. */
  cut(): void {
    this.reconnects++;
    this.opts.onState?.('waiting');
  }
  push(topic: string, table: string, entry: Entry): void {
    this.opts.onPush?.(topic, table, entry);
  }
}

/** An opener that keeps what it made. */
export function opener(): { open: (o: ConnectionOptions) => Driven; made: Driven[] } {
  const made: Driven[] = [];
  return { made, open: (o) => {
    const d = new Driven(o);
    made.push(d);
    return d;
  } };
}
