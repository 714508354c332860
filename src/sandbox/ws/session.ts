/**
 * One client connection of the sandbox's WebSocket: requests, login, subscriptions and the rules of
 * spec 6.4 and 8.3 (idle 20 s without traffic either way, lifeless 5 min, 100 messages per 10 s, 100 topics, 20 per request, 4096 bytes).
 */
import type { WebSocket } from 'ws';
import type { ExchangeApi, SandboxAccount } from '../exchange-api.js';
import { CHANNELS, splitTopic } from '../../api/catalogue/channels.js';
import { custom } from '../../api/catalogue/limits.js';
import { SlidingWindows } from '../../util/ratelimit.js';
import type { Feed, Subscriber } from './feed.js';
import { verifyLogin } from './login.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { scaled, type LimitFactor } from '../limits-mode.js';

export interface SessionLimits {
  /** ms without any traffic (client messages, ping or pong frames, pushes) before closing (spec: 20 s). */
  readonly idleMs: number;
  /** ms without a subscription before closing (spec: 5 min). */
  readonly lifelessMs: number;
  readonly now: () => number;
  /** Scales the message limit (limits-mode.ts). */
  readonly factor: LimitFactor;
  /** Takes one of the account's private connections (spec 8.3: 10); false when none is left. */
  readonly claim?: (accountId: string) => boolean;
  /** Gives the account's connection back. */
  readonly release?: (accountId: string) => void;
  /** The service of the login constant (login.ts); default `exchange`. */
  readonly service?: string;
  /**
   * The address connected to (spec 6.1): `public` (`/api`) serves public channels only, `private`
   * (`/user`) login and private channels only. Absent: both (unit tests of one session).
   */
  readonly path?: 'public' | 'private';
}

const MAX_MESSAGES = PROTOCOL.wsMessagesPer10s;
const MAX_TOPICS = PROTOCOL.wsTopicsPerConnection;
const MAX_BATCH = PROTOCOL.wsTopicsPerRequest;
const MAX_BATCH_BYTES = PROTOCOL.wsBytesPerRequest;

function textOf(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}

export class Session implements Subscriber {
  private account: SandboxAccount | undefined;
  private readonly subs = new Set<string>();
  private readonly received: SlidingWindows;
  private idleTimer: NodeJS.Timeout | undefined;
  /** When traffic last flowed either way, ms (limits.now). */
  private lastTraffic: number;
  private lifelessTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly feed: Feed,
    private readonly ex: ExchangeApi,
    private readonly limits: SessionLimits,
    private readonly log?: (line: string) => void,
  ) {
    this.received = new SlidingWindows(custom('IP', scaled(MAX_MESSAGES, limits.factor), 10_000));
    this.lastTraffic = limits.now();
    ws.on('message', (data) => this.onMessage(textOf(data)));
    // Spec 6.4: ping frames count like the text ping, and the server does not close while messages flow.
    ws.on('ping', () => this.touch());
    ws.on('pong', () => this.touch());
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
    this.armIdle();
    this.armLifeless();
  }

  push(frame: Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(frame, { binary: true });
    this.touch();
  }

  private text(obj: object | string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj));
    this.touch();
  }

  /** Traffic flowed: a time stamp, not a timer re-armed per push (fan-out stays cheap). */
  private touch(): void {
    this.lastTraffic = this.limits.now();
  }

  private error(event: string, code: number, message: string): void {
    this.text({ event, errorCode: String(code), errorMessage: message });
  }

  /** Closes once nothing flowed either way for idleMs; checks when the quiet time could have run out. */
  private armIdle(wait: number = this.limits.idleMs): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const quiet = this.limits.now() - this.lastTraffic;
      if (quiet >= this.limits.idleMs) this.ws.close(4000, 'no data for 20 s');
      else this.armIdle(this.limits.idleMs - quiet);
    }, wait);
  }

  private armLifeless(): void {
    clearTimeout(this.lifelessTimer);
    this.lifelessTimer = setTimeout(() => this.ws.close(4001, 'no subscription within 5 minutes'), this.limits.lifelessMs);
  }

  private onMessage(text: string): void {
    this.touch();
    if (this.received.take(this.limits.now()) > 0) {
      this.error('error', 94001, `Request frequency exceeds limit: ${MAX_MESSAGES} messages per 10 seconds`);
      this.ws.close(4002, 'request frequency exceeds limit');
      return;
    }
    if (text.trim() === 'ping') return this.text('pong');
    let req: { op?: unknown; args?: unknown };
    try {
      req = JSON.parse(text) as typeof req;
      if (req === null || typeof req !== 'object' || Array.isArray(req)) throw new Error('not an object');
    } catch {
      return this.error('error', 90001, 'Invalid message format: JSON {op, args} expected');
    }
    const op = typeof req.op === 'string' ? req.op : '';
    if (op === 'login') return this.login(req.args);
    if (op !== 'subscribe' && op !== 'unsubscribe') return this.error(op || 'error', 90002, 'Invalid op param: subscribe, unsubscribe or login');
    const args = req.args;
    if (!Array.isArray(args) || !args.length || !args.every((a) => typeof a === 'string')) {
      return this.error(op, 90003, 'Invalid args param: a list of topics expected');
    }
    if (args.length > MAX_BATCH) return this.error(op, 90003, `Invalid args param: at most ${MAX_BATCH} topics per request`);
    if (args.reduce((n, t) => n + Buffer.byteLength(t), 0) > MAX_BATCH_BYTES) {
      return this.error(op, 90003, `Invalid args param: topics longer than ${MAX_BATCH_BYTES} bytes in total`);
    }
    for (const topic of args as string[]) {
      if (op === 'subscribe') this.subscribe(topic);
      else this.unsubscribe(topic);
    }
  }

  private login(args: unknown): void {
    if (this.limits.path === 'public') return this.error('login', 90002, 'Invalid op param: login is on the private address /user');
    if (this.account) return this.error('login', 91005, 'Already logged in');
    const r = verifyLogin(this.ex, args, this.limits.now(), this.limits.service);
    if ('code' in r) {
      this.log?.(`ws login refused: ${r.code}`);
      return this.error('login', r.code, r.message);
    }
    if (this.limits.claim && !this.limits.claim(r.account.id)) {
      this.error('login', 94001, `Request frequency exceeds limit: at most ${PROTOCOL.wsConnectionsPerAccount} connections per account`);
      this.ws.close(4003, 'too many connections for this account');
      return;
    }
    this.account = r.account;
    this.text({ event: 'login' });
  }

  private subscribe(topic: string): void {
    const parts = splitTopic(topic);
    const info = parts && CHANNELS.get(parts.channel);
    if (!parts || !info) return this.error('subscribe', 90004, `Invalid channel param: ${topic}`);
    const wrongPath = this.limits.path === (info.private ? 'public' : 'private');
    if (wrongPath) return this.error('subscribe', 90004, `Invalid channel param: ${topic} is served on ${info.private ? '/user' : '/api'}`);
    if (info.filter !== undefined) {
      if (parts.filter !== info.filter) return this.error('subscribe', 90004, `Invalid channel param: ${topic} (its filter is ${info.filter})`);
    } else if (!this.ex.details(parts.filter)) return this.error('subscribe', 92001, `Invalid symbol param: ${parts.filter}`);
    if (info.private && !this.account) return this.error('subscribe', 91006, `User not logged in: ${topic} is private`);
    if (this.subs.has(topic)) return this.error('subscribe', 90008, `duplicate subscription: ${topic}`);
    if (this.subs.size >= MAX_TOPICS) return this.error('subscribe', 90003, `Invalid args param: at most ${MAX_TOPICS} topics per connection`);
    this.subs.add(topic);
    clearTimeout(this.lifelessTimer);
    this.text({ event: 'subscribe', topic });
    try {
      this.feed.add(this, parts.channel, parts.filter, info.private ? this.account!.id : undefined);
    } catch (e) {
      this.log?.(`ws subscribe ${topic} failed: ${(e as Error).message}`);
      this.error('subscribe', 95000, 'Internal system error');
    }
  }

  /** A topic this connection never subscribed (or already left) is refused (90004), not acknowledged. */
  private unsubscribe(topic: string): void {
    if (!this.subs.delete(topic)) return this.error('unsubscribe', 90004, `Invalid channel param: ${topic} is not subscribed`);
    this.feed.remove(this, topic, CHANNELS.get(splitTopic(topic)!.channel)!.private ? this.account?.id : undefined);
    if (!this.subs.size) this.armLifeless();
    this.text({ event: 'unsubscribe', topic });
  }

  /** Runs on close and on error (both may come): everything is given back once. */
  private dispose(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.lifelessTimer);
    const account = this.account;
    for (const t of this.subs) this.feed.remove(this, t, CHANNELS.get(splitTopic(t)!.channel)!.private ? account?.id : undefined);
    this.subs.clear();
    this.account = undefined;
    if (account) this.limits.release?.(account.id);
  }
}
