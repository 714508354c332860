/**
 * One WebSocket connection to the venue, as one state object: socket, login, the topics to
 * (re)subscribe, keep-alive timers (spec 6.4), reconnect backoff and the send limits of spec 8.3.
 * `ws` is imported on first connect, so commands that never stream never load it.
 */
import type { WebSocket } from 'ws';
import { usage, type BmError } from '../errors.js';
import type { SlidingWindows } from '../util/ratelimit.js';
import { decodeFrame, zlibInflate, type Inflater } from './codec.js';
import { receiveFrame, type ErrorFrame, type FrameTarget } from './frames.js';
import { closeSocket, loadWs, newSocket, wireSocket } from './socket.js';
import { backoffDelay, connectBudget, sendBudget } from './pace.js';
import { batches, topicOf } from './channels.js';
import { wsNetworkError, wsVenueError } from './errors.js';
import { Heartbeat } from './heartbeat.js';
import { Outbox } from './outbox.js';
import type { ConnectionOptions, ConnState } from './options.js';
import { PROTOCOL } from '../api/catalogue/protocol.js';

export type { ConnectionOptions, ConnState } from './options.js';

/** Topics one connection may hold (spec 8.3). */
export const MAX_TOPICS = PROTOCOL.wsTopicsPerConnection;

export class WsConnection {
  state: ConnState = 'idle';
  /** Reconnect attempts since start. */
  reconnects = 0;
  /** Frames received. */
  messages = 0;
  /** ms (Date.now) of the last market data received (a push; a pong is not data); 0 before any. */
  lastMessageAt = 0;
  /** The last notice given (a frame refused or unreadable), for a status line. */
  notice = '';
  readonly topics = new Set<string>();
  private ws: WebSocket | undefined;
  private attempt = 0;
  private everReady = false;
  private keyRenewed = false;
  private readonly connects: SlidingWindows;
  private readonly outbox: Outbox;
  private readonly heartbeat: Heartbeat;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly inflate: Inflater;

  constructor(readonly opts: ConnectionOptions) {
    this.inflate = opts.inflate ?? zlibInflate;
    this.outbox = new Outbox(sendBudget(opts), (text) => {
      const ws = this.ws;
      if (!ws || ws.readyState !== ws.OPEN) return false;
      ws.send(text);
      this.heartbeat.sent();
      return true;
    });
    this.connects = connectBudget(opts);
    this.heartbeat = new Heartbeat(
      () => this.send('ping'),
      () => this.drop(`no pong within ${this.heartbeat.pongTimeoutMs} ms`),
      opts.pingAfterMs,
      opts.pongTimeoutMs,
    );
  }

  /** True once a connection was ready (logged in when private) at least once. */
  get connected(): boolean {
    return this.everReady;
  }

  /** Opens the connection (and keeps it open until {@link close}). */
  start(): void {
    if (this.state === 'idle') void this.connect();
  }

  /** Adds topics; sent now when ready, else after the next login. Duplicates are ignored. */
  subscribe(list: readonly string[]): void {
    const fresh = list.filter((t) => !this.topics.has(t));
    if (this.topics.size + fresh.length > MAX_TOPICS) throw usage(`at most ${MAX_TOPICS} topics per connection (asked for ${this.topics.size + fresh.length})`);
    for (const t of fresh) this.topics.add(t);
    if (this.state === 'ready' && fresh.length) this.sendSubscribe(fresh);
  }

  /** Closes for good; resolves once the socket is closed. */
  async close(): Promise<void> {
    this.setState('closed');
    this.clearTimers();
    const ws = this.ws;
    this.ws = undefined;
    if (ws) await closeSocket(ws);
  }

  /**
   * Moves to `s` and tells the listener. A closed connection stays closed; false when it is (or the
   * listener closed it from its callback), and the caller then schedules and opens nothing more.
   */
  private setState(s: ConnState): boolean {
    if (this.state === 'closed' || this.state === s) return this.state !== 'closed';
    this.state = s;
    this.opts.onState?.(s);
    return this.state !== 'closed';
  }

  private async connect(): Promise<void> {
    if (!this.setState('connecting')) return;
    this.connects.take(Date.now());
    const mod = await loadWs();
    if (this.state !== 'connecting') return;
    let ws: WebSocket;
    try {
      ws = newSocket(mod, this.opts.url);
    } catch (e) {
      return this.fail(usage(`--ws-url: cannot connect to ${this.opts.url}: ${(e as Error).message}`));
    }
    this.ws = ws;
    wireSocket(ws, {
      current: () => this.ws === ws,
      open: () => this.onOpen(),
      message: (data, binary) => this.onMessage(data, binary),
      say: (line) => this.say(line),
      drop: (why) => this.drop(why),
      closed: () => this.retry(),
      ...(this.opts.trace ? { trace: this.opts.trace } : {}),
    });
  }

  private onOpen(): void {
    this.opts.trace?.(`connected to ${this.opts.url}`);
    this.outbox.clear();
    this.heartbeat.sent();
    if (this.opts.login) {
      if (!this.setState('login')) return;
      this.send(JSON.stringify({ op: 'login', args: this.opts.login() }));
      // A venue that answers pings but never the login would leave us waiting forever.
      this.retryTimer = setTimeout(() => this.drop('no answer to login'), this.heartbeat.pongTimeoutMs);
    } else this.onReady();
  }

  private onReady(): void {
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.everReady = true;
    // A later reset (a long watch across two) may renew the key again.
    this.keyRenewed = false;
    if (!this.setState('ready')) return;
    if (this.topics.size) this.sendSubscribe([...this.topics]);
  }

  private sendSubscribe(list: readonly string[]): void {
    for (const args of batches(list)) this.send(JSON.stringify({ op: 'subscribe', args }));
  }

  private onMessage(data: Buffer, binary: boolean): void {
    this.messages++;
    // Any frame shows the connection alive; only market data makes the view fresh.
    this.heartbeat.received();
    receiveFrame(decodeFrame(data, binary, this.inflate), this.frames);
  }

  private readonly frames: FrameTarget = {
    push: (table, data, text) => {
      this.lastMessageAt = Date.now();
      this.opts.onPushText?.(text);
      for (const e of data) this.opts.onPush?.(topicOf(table, String(e.symbol ?? '')), table, e);
    },
    loggedIn: () => this.state === 'login' && this.onReady(),
    acked: (topic) => this.opts.onAck?.(topic),
    say: (line) => this.say(line),
    drop: (why) => this.drop(why),
    venueError: (f) => this.onVenueError(f),
    trace: (line) => this.opts.trace?.(line),
  };

  /** A venue error: the end, unless the venue forgot the key at login and a fresh one is made (once). */
  private onVenueError(f: ErrorFrame): void {
    if (f.code === '91002' && f.event === 'login' && !this.keyRenewed && this.opts.onKeyUnknown) {
      this.keyRenewed = true;
      const ws = this.ws;
      void this.opts.onKeyUnknown().then((renewed) => {
        if (this.ws !== ws || this.state === 'closed') return;
        if (renewed) this.drop('the key was renewed');
        else this.fail(wsVenueError(f.event, f.code, f.message));
      }, (err: unknown) => this.fail(wsVenueError(f.event, f.code, `${f.message} (${(err as Error).message})`)));
      return;
    }
    this.fail(wsVenueError(f.event, f.code, f.message));
  }

  private say(line: string): void {
    this.notice = line;
    this.opts.trace?.(line);
    this.opts.onNotice?.(line);
  }

  /** Queues a frame; sent as soon as the 10-second send budget allows. */
  private send(text: string): void {
    this.outbox.push(text);
  }

  /** Abandons the socket and reconnects. */
  private drop(why: string): void {
    this.opts.trace?.(`reconnecting: ${why}`);
    this.ws?.terminate();
  }

  private retry(): void {
    if (this.state === 'closed') return;
    this.clearTimers();
    this.ws = undefined;
    if (!this.everReady && this.attempt >= (this.opts.giveUpAfter ?? 5)) {
      return this.fail(wsNetworkError(`cannot connect to ${this.opts.url}`, 'check --ws-url, or that the venue is up (bm service)'));
    }
    const delay = Math.max(backoffDelay(this.attempt++, this.opts), this.connects.waitFor(Date.now()));
    this.reconnects++;
    if (!this.setState('waiting')) return;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private fail(err: BmError): void {
    void this.close();
    this.opts.onError?.(err);
  }

  private clearTimers(): void {
    this.heartbeat.stop();
    this.outbox.clear();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
