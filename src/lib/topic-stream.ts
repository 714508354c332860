/**
 * One channel's stream for the library: the live layer's connection (reconnect, resubscribe, login,
 * keep-alive, send limits; for your orders the read-back after a gap), its pushes queued for the loop
 * with {@link MAX_WAITING} at most waiting, its state, and the end of both when the loop or the signal ends it.
 */
import { debuglog } from 'node:util';
import type { Push, Stream, StreamState } from './types.js';
import { BmError } from '../errors.js';
import type { WaitClock } from '../util/clock.js';
import { StreamStates, type StreamLimits } from './stream-state.js';
import type { ConnState, WsConnection } from '../ws/connection.js';
import type { Entry } from '../ws/codec.js';
import type { CallsSource } from '../core/usecases/live.js';
import type { Backlog } from '../ws/backlog.js';
import type { LibVenue } from '../core/usecases/venue.js';
import { libraryError, StreamError } from './errors.js';
import { MAX_WAITING, mergeKey, type Merge } from './stream-merge.js';

const debug = debuglog('bm');

export type Topics = typeof import('../ws/channels.js').topics;

export class TopicStream implements Stream<Push> {
  /** Made with the connection (its module loads then): nothing waits before. */
  private queue: Backlog<Push> | undefined;
  private waiter: { ok: (r: IteratorResult<Push>) => void; ko: (e: unknown) => void } | undefined;
  private failure: unknown;
  private ended = false;
  private conn: WsConnection | undefined;
  private started: Promise<void> | undefined;
  private acked!: { ok: () => void; ko: (e: unknown) => void };
  private readonly acknowledged = new Promise<void>((ok, ko) => (this.acked = { ok, ko }));

  private topic = '';
  private readonly states: StreamStates;

  constructor(
    private readonly venue: () => Promise<LibVenue>,
    /** The topic, from the channel table (loaded with the connection). */
    private readonly topicOf: (t: Topics) => string,
    private readonly isPrivate: boolean,
    private readonly merge: Merge,
    private readonly timeoutMs: number,
    /** Lines for the caller (the client's onNote). */
    private readonly note: (line: string) => void,
    signal: AbortSignal | undefined,
    private readonly onEnd: (s: TopicStream) => void,
    limits: StreamLimits,
    clock: WaitClock,
    /** Your orders' pair and the calls that read them again after a gap (the order stream). */
    private readonly recovery?: { readonly symbol: string; readonly calls: CallsSource['calls'] },
  ) {
    this.states = new StreamStates(limits, clock, () => this.topic, note, (err) => this.fail(err));
    this.acknowledged.catch(() => undefined);
    if (signal?.aborted) void this.close();
    else signal?.addEventListener('abort', () => void this.close(), { once: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The stream's state: connecting, connected, reconnecting, stale, or closed. */
  get state(): StreamState {
    return this.states.state;
  }

  ready(): Promise<void> {
    this.start();
    return this.acknowledged;
  }

  async next(): Promise<IteratorResult<Push>> {
    this.start();
    const head = this.queue?.shift();
    if (!this.queue?.size) this.tellBehind();
    if (head) return { value: head, done: false };
    if (this.failure !== undefined) throw this.failure;
    if (this.ended) return { value: undefined, done: true };
    return new Promise((ok, ko) => (this.waiter = { ok, ko }));
  }

  async return(): Promise<IteratorResult<Push>> {
    await this.close();
    return { value: undefined, done: true };
  }

  /** Ends the stream: the loop ends at once (pushes not read yet are dropped) and the connection closes. */
  async close(): Promise<void> {
    if (!this.ended) {
      this.ended = true;
      this.states.close();
      this.queue?.clear();
      this.acked.ko(new BmError('interrupted', 'the stream was closed before the venue acknowledged it'));
      this.wake();
      this.onEnd(this);
    }
    await this.started?.catch(() => undefined);
    await this.conn?.close();
  }

  private start(): void {
    if (this.ended || this.started) return;
    this.started = this.open().catch((err) => this.fail(err));
  }

  private async open(): Promise<void> {
    const venue = await this.venue();
    const ws = await venue.ws();
    const creds = this.isPrivate ? await venue.credentials() : undefined;
    if (this.isPrivate && !creds) throw new BmError('auth', 'your order stream needs an API key and none is given');
    const [live, { topics }, { exact }, { Backlog }] = await Promise.all([
      import('../core/usecases/live.js'), import('../ws/channels.js'), import('./exact.js'), import('../ws/backlog.js'),
    ]);
    this.topic = this.topicOf(topics);
    this.queue = new Backlog<Push>(MAX_WAITING);
    if (this.ended) return;
    const timer = setTimeout(() => this.fail(new BmError('network', `no subscription acknowledged by ${ws.url} within ${this.timeoutMs} ms`, { hint: 'check the venue\'s WebSocket address (wsUrl)', retryable: true })), this.timeoutMs);
    this.acknowledged.then(() => clearTimeout(timer), () => clearTimeout(timer));
    const spec = {
      venue: ws,
      credentials: () => creds,
      trace: (line: string) => debug('%s', line),
      // A frame refused (over the cap) or unreadable: the connection is reopened and resubscribed.
      onNotice: (line: string) => this.note(`bm: ${this.topic}: ${line}`),
      onAck: () => {
        this.acked.ok();
        this.states.connected();
      },
      onState: (state: ConnState) => {
        if (state === 'waiting') this.states.reconnecting();
      },
      onError: (err: BmError) => this.fail(err.category === 'network' && !this.states.everConnected
        ? new StreamError('unreachable', err.message, err.details) : libraryError(err)),
    };
    const onPush = (topic: string, _table: string, entry: Entry) => {
      if (topic === this.topic) this.push(exact(entry) as Push);
    };
    // Your orders: back after a drop, they are read over REST and what changed meanwhile comes as pushed.
    const orders = this.recovery;
    this.conn = orders
      ? (await live.openOrderStream({
        ...spec,
        symbol: orders.symbol,
        reads: live.orderReads({ calls: orders.calls }, orders.symbol),
        onOrder: onPush,
        onRecoveryFailed: (err) => this.note(`bm: ${this.topic}: your orders were not read again after the reconnect (${err.message}): they may be missing changes`),
      })).conn
      : await live.openStream({ ...spec, side: this.isPrivate ? 'private' : 'public', onPush });
    if (this.ended) return void this.conn.close();
    this.conn.subscribe([this.topic]);
    this.conn.start();
  }

  private push(entry: Push): void {
    if (this.ended) return;
    this.states.pushed();
    const w = this.waiter;
    if (w) {
      this.waiter = undefined;
      w.ok({ value: entry, done: false });
      return;
    }
    this.queue?.push(entry, mergeKey[this.merge](entry));
  }

  /** Says what a slow loop missed, once it has caught up. */
  private tellBehind(): void {
    const n = this.queue?.unsaid();
    if (!n) return;
    const { dropped, replaced } = n;
    const parts = [...(dropped ? [`${dropped} pushes dropped (at most ${MAX_WAITING} wait)`] : []), ...(replaced ? [`${replaced} replaced by a newer one`] : [])];
    this.note(`bm: ${this.topic}: the loop fell behind the stream: ${parts.join('; ')}`);
  }

  private fail(err: unknown): void {
    if (this.ended) return;
    this.states.close();
    this.failure = err;
    this.acked.ko(err);
    this.ended = true;
    this.onEnd(this);
    void this.conn?.close();
    const w = this.waiter;
    this.waiter = undefined;
    w?.ko(err);
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.ok({ value: undefined, done: true });
  }
}
