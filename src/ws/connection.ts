/**
 * One WebSocket connection to the venue, as one state object: socket, login, the topics to
 * (re)subscribe, keep-alive timers (spec 6.4), reconnect backoff and the send limits of spec 8.3.
 * `ws` is imported on first connect, so commands that never stream never load it.
 */
import type { WebSocket } from 'ws';
import { usage, type BmError } from '../errors.js';
import { custom } from '../api/catalogue/limits.js';
import { SlidingWindows } from '../util/ratelimit.js';
import { decodeFrame, MAX_FRAME_BYTES, zlibInflate, type Inflater } from './codec.js';
import { batches, topicOf } from './channels.js';
import { wsNetworkError, wsVenueError } from './errors.js';
import { Heartbeat } from './heartbeat.js';
import { Outbox } from './outbox.js';
import type { ConnectionOptions, ConnState } from './options.js';
import { PROTOCOL } from '../api/catalogue/protocol.js';

export type { ConnectionOptions, ConnState } from './options.js';

/** Topics one connection may hold (spec 8.3). */
export const MAX_TOPICS = PROTOCOL.wsTopicsPerConnection;

/** Messages per 10 s kept below the venue's budget, so a skew between its clock and ours never trips it. */
const SEND_MARGIN = 5;

let wsModule: Promise<typeof import('ws')> | undefined;

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
    this.outbox = new Outbox(new SlidingWindows(custom('IP', opts.sendsPer10s ?? PROTOCOL.wsMessagesPer10s - SEND_MARGIN, 10_000)), (text) => {
      const ws = this.ws;
      if (!ws || ws.readyState !== ws.OPEN) return false;
      ws.send(text);
      this.heartbeat.sent();
      return true;
    });
    this.connects = new SlidingWindows(custom('IP', opts.connectsPerMinute ?? PROTOCOL.wsConnectsPerMinute, 60_000));
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
    if (!ws || ws.readyState === ws.CLOSED) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => (ws.terminate(), resolve()), 1000);
      ws.once('close', () => (clearTimeout(t), resolve()));
      if (ws.readyState === ws.CONNECTING) ws.terminate();
      else ws.close(1000);
    });
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
    const { WebSocket } = await (wsModule ??= import('ws'));
    if (this.state !== 'connecting') return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.opts.url, { perMessageDeflate: false, handshakeTimeout: 10_000, maxPayload: MAX_FRAME_BYTES });
    } catch (e) {
      return this.fail(usage(`--ws-url: cannot connect to ${this.opts.url}: ${(e as Error).message}`));
    }
    this.ws = ws;
    ws.on('open', () => this.onOpen());
    ws.on('message', (data, binary) => this.onMessage(data as Buffer, binary));
    ws.on('error', (e: NodeJS.ErrnoException) => {
      this.opts.trace?.(`ws error: ${e.message}`);
      if (this.ws !== ws) return;
      // ws stops reading a socket whose frame broke a rule and would wait 30 s for the venue's close: drop it now.
      if (e.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
        this.say(`a frame over the ${MAX_FRAME_BYTES / 1024 / 1024} MiB cap was refused; reconnecting`);
        this.drop('oversized frame');
      } else if (e.code?.startsWith('WS_ERR_')) {
        this.say(`a frame the WebSocket protocol does not allow was refused (${e.message}); reconnecting`);
        this.drop('protocol error');
      }
    });
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.opts.trace?.(`ws closed (${code})`);
      if (code === 1009) this.say('the venue closed the connection: a message too big for it (1009); reconnecting');
      this.retry();
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
    const f = decodeFrame(data, binary, this.inflate);
    switch (f.kind) {
      case 'pong':
        return;
      case 'oversize':
        this.say(`a frame of ${f.bytes} bytes would inflate beyond ${MAX_FRAME_BYTES} bytes: refused; reconnecting`);
        return this.drop('oversized frame');
      case 'garbled':
        return this.say(`a binary frame of ${f.bytes} bytes could not be inflated (${f.why}): skipped`);
      case 'push':
        this.lastMessageAt = Date.now();
        this.opts.onPushText?.(f.text);
        for (const e of f.data) this.opts.onPush?.(topicOf(f.table, String(e.symbol ?? '')), f.table, e);
        return;
      case 'event':
        if (f.event === 'login' && this.state === 'login') this.onReady();
        else if (f.event === 'subscribe' && f.topic) this.opts.onAck?.(f.topic);
        return;
      case 'error':
        if (f.code === '90008') return this.opts.trace?.(`already subscribed: ${f.message}`);
        if (f.code === '95000') return this.drop(`venue error 95000: ${f.message}`);
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
        return this.fail(wsVenueError(f.event, f.code, f.message));
      case 'unknown':
        return this.opts.trace?.(`unrecognised frame: ${f.text.slice(0, 120)}`);
      default: {
        const never: never = f;
        return never;
      }
    }
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
    const base = this.opts.backoffBaseMs ?? 500;
    const cap = Math.min(this.opts.backoffMaxMs ?? 30_000, base * 2 ** this.attempt++);
    const jittered = cap / 2 + (this.opts.random ?? Math.random)() * (cap / 2);
    const delay = Math.max(jittered, this.connects.waitFor(Date.now()));
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
