/**
 * The terminal's data for one pair: REST snapshots at start and after every reconnect, then the
 * public streams (depth, trades, kline, ticker) and, with credentials, order progress after a login.
 * Balances and open orders are read again after each fill or action, coalesced, within the limits.
 */
import { channelKind } from '../../api/catalogue/channels.js';
import { endpoint } from '../../api/catalogue/index.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { STATUS_CODE } from '../../api/catalogue/vocab.js';
import type { Credentials } from '../../api/client.js';
import type { Context } from '../../context.js';
import type { BmError } from '../../errors.js';
import type { Entry } from '../../ws/codec.js';
import type { ConnectionOptions } from '../../ws/options.js';
import { topics } from '../../ws/channels.js';
import { refreshAlgos, type SeenAlgos } from './algo-read.js';
import { applyDepth, applyKline, applyOrder, applyRestBook, applyRestKlines, applyRestOrders, applyRestTrades, applyTicker, applyTrade, applyWallet } from './apply.js';
import { BOOK_LEVELS } from './book.js';
import { applyPushedFill } from './pnl.js';
import { PnlReader } from './pnl-read.js';
import { logAction, type ConnState, type TradeState } from './state.js';

/** Candles read at start: enough for the widest chart. */
const CANDLES_AT_START = 200;
/** ms to gather a burst of fills before reading balances and orders again. */
const ACCOUNT_DEBOUNCE_MS = 200;
/** How often the conditional orders' journals are read again between account reads (ms). */
const ALGOS_EVERY_MS = 2_000;

export interface FeedOptions {
  readonly ctx: Context;
  readonly state: TradeState;
  /** `ws://host` (the channels' paths are appended). */
  readonly wsUrl: string;
  readonly service: string;
  readonly credentials: Credentials | undefined;
  /** Something changed; `fill` when one of your orders traded, `alarm` when a conditional order failed. */
  readonly changed: (what: 'data' | 'fill' | 'alarm') => void;
  /** The stream failed for good (refused login, unknown pair...). */
  readonly failed: (err: BmError) => void;
  readonly now?: () => number;
  /** Opens a connection (tests inject one); default: a WsConnection. */
  readonly connection?: (opts: ConnectionOptions) => Connection;
}

/** What the feed uses of a connection. */
export interface Connection {
  readonly reconnects: number;
  readonly lastMessageAt: number;
  subscribe(topics: readonly string[]): void;
  start(): void;
  close(): Promise<void>;
}

export class TradeFeed {
  private pub: Connection | undefined;
  private priv: Connection | undefined;
  private accountTimer: NodeJS.Timeout | undefined;
  private algosTimer: NodeJS.Timeout | undefined;
  private accountRunning: Promise<void> | undefined;
  private accountAgain = false;
  /** The pair's fills for its P&L; pushed fills' fees with the next account refresh. */
  private readonly pnl: PnlReader;
  /** The conditional orders read so far: ended ones and other pairs' are not read again. */
  private readonly seenAlgos: SeenAlgos = new Map();
  /** From when (ms) an algo that ends failed or unknown is kept on screen: this feed's start. */
  private readonly since: number;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly o: FeedOptions) {
    this.now = o.now ?? Date.now;
    this.since = this.now();
    this.pnl = new PnlReader(o.ctx, o.state);
  }

  private get s(): TradeState {
    return this.o.state;
  }

  /** Reads everything over REST: ticker, book, trades, candles, and with credentials balances and open orders. */
  async snapshot(): Promise<void> {
    const calls = await this.o.ctx.calls();
    const sym = this.s.symbol;
    const nowS = Math.floor(this.now() / 1000);
    const stepS = this.s.step.minutes * 60;
    const read = async (what: string, f: () => Promise<void>) => {
      try {
        await f();
      } catch (err) {
        logAction(this.s, 'error', `reading ${what}: ${(err as Error).message}`, this.now());
      }
    };
    await Promise.all([
      read('the ticker', async () => {
        const data = await calls.send(endpoint('spot.ticker'), [['symbol', sym]]);
        const t = ((data as { tickers?: Entry[] }).tickers ?? [])[0];
        if (t && this.s.symbol === sym) applyTicker(this.s, t);
      }),
      read('the book', async () => {
        const data = await calls.send(endpoint('spot.book'), [['symbol', sym], ['size', BOOK_LEVELS]]);
        if (this.s.symbol === sym) applyRestBook(this.s, data);
      }),
      read('the trades', async () => {
        const data = await calls.send(endpoint('spot.trades'), [['symbol', sym], ['N', 50]]);
        if (this.s.symbol === sym) applyRestTrades(this.s, data);
      }),
      read('the candles', async () => {
        const data = await calls.send(endpoint('spot.kline'), [['symbol', sym], ['from', nowS - CANDLES_AT_START * stepS], ['to', nowS], ['step', this.s.step.minutes]]);
        if (this.s.symbol === sym) applyRestKlines(this.s, data);
      }),
      this.o.credentials ? this.readAccount() : Promise.resolve(),
    ]);
    this.o.changed('data');
  }

  /** Balances and open orders of the pair, now. */
  private async readAccount(): Promise<void> {
    const calls = await this.o.ctx.calls();
    const sym = this.s.symbol;
    let failed = false;
    try {
      const [wallet, orders] = await Promise.all([
        calls.send(endpoint('spot.wallet')),
        calls.send(endpoint('spot.orders'), [['symbol', sym], ['N', PROTOCOL.ordersPerList], ['status', STATUS_CODE.open]]),
      ]);
      if (this.s.symbol !== sym) return;
      applyWallet(this.s, wallet);
      applyRestOrders(this.s, orders);
      failed = this.algos() === 'failed';
      await this.pnl.fees();
    } catch (err) {
      logAction(this.s, 'error', `reading balances and orders: ${(err as Error).message}`, this.now());
    }
    this.o.changed(failed ? 'alarm' : 'data');
  }

  /**
   * Every fill of the pair, page by page, for its P&L: at start, on `r` and when the order stream is
   * back after a drop (fills it missed). What the stream pushed meanwhile is kept: fills count once by trade id.
   */
  async readPnl(): Promise<void> {
    if (!this.o.credentials || this.closed) return;
    try {
      await this.pnl.all();
    } catch (err) {
      logAction(this.s, 'error', `reading your fills for the P&L: ${(err as Error).message}`, this.now());
    }
    this.o.changed('data');
  }

  /** Balances and open orders again, soon: bursts are coalesced and one read runs at a time. */
  refreshAccount(): void {
    if (!this.o.credentials || this.closed) return;
    if (this.accountRunning) {
      this.accountAgain = true;
      return;
    }
    clearTimeout(this.accountTimer);
    this.accountTimer = setTimeout(() => {
      this.accountRunning = this.readAccount().finally(() => {
        this.accountRunning = undefined;
        if (this.accountAgain) {
          this.accountAgain = false;
          this.refreshAccount();
        }
      });
    }, ACCOUNT_DEBOUNCE_MS);
  }

  /** Opens the streams. */
  async start(): Promise<void> {
    const { openStream } = await import('../../core/live/index.js');
    const venue = { url: this.o.wsUrl, service: this.o.service };
    const sym = this.s.symbol;
    const trace = this.o.ctx.verbose ? (line: string) => this.o.ctx.trace(line) : undefined;
    this.pub = await openStream({
      venue,
      side: 'public',
      ...(trace ? { trace } : {}),
      onPush: (_topic, table, e) => this.onPublic(table, e),
      onState: (st) => this.onState('public', st),
      onError: (e) => this.o.failed(e),
      onNotice: (line) => logAction(this.s, 'info', line, this.now()),
    }, this.o.connection);
    this.pub.subscribe([topics.depth(sym, BOOK_LEVELS), topics.trade(sym), topics.kline(sym, this.s.step.interval), topics.ticker(sym)]);
    this.pub.start();
    const creds = this.o.credentials;
    if (!creds) return;
    this.priv = await openStream({
      venue,
      side: 'private',
      credentials: () => creds,
      ...(trace ? { trace } : {}),
      onPush: (_topic, table, e) => this.onPrivate(table, e),
      onState: (st) => this.onState('private', st),
      onAck: () => this.onPrivateAck(),
      onError: (e) => this.o.failed(e),
      onNotice: (line) => logAction(this.s, 'info', line, this.now()),
    }, this.o.connection);
    this.priv.subscribe([topics.order(sym)]);
    this.priv.start();
    void this.readPnl();
    // A detached runner starts, fires and ends on its own time: its journal is read again now and then.
    this.algosTimer = setInterval(() => {
      const r = this.algos();
      if (r !== 'same') this.o.changed(r === 'failed' ? 'alarm' : 'data');
    }, ALGOS_EVERY_MS);
  }

  /** The pair's conditional orders read again from their journals. */
  private algos(): ReturnType<typeof refreshAlgos> {
    return refreshAlgos(this.s, this.o.ctx.session.env, this.seenAlgos, this.since, this.now());
  }

  private onPublic(table: string, e: Entry): void {
    if (e.symbol !== undefined && String(e.symbol) !== this.s.symbol) return;
    const kind = channelKind(table);
    if (kind === 'depth') applyDepth(this.s, e);
    else if (kind === 'trade') applyTrade(this.s, e);
    else if (kind === 'kline') applyKline(this.s, e);
    else if (kind === 'ticker') applyTicker(this.s, e);
    else return;
    this.o.changed('data');
  }

  private onPrivate(table: string, e: Entry): void {
    if (channelKind(table) !== 'order' || String(e.symbol) !== this.s.symbol) return;
    const event = applyOrder(this.s, e);
    const feeOf = event === 'fill' ? applyPushedFill(this.s, e) : undefined;
    if (feeOf) this.pnl.feeOf(feeOf);
    if (event === 'fill') {
      logAction(this.s, 'ok', `fill: ${String(e.side)} ${String(e.last_fill_count || e.filled_size)} @ ${String(e.last_fill_price || e.price)} (order ${String(e.order_id)}, filled ${String(e.filled_size)} of ${String(e.size)})`, this.now());
    }
    this.refreshAccount();
    this.o.changed(event === 'fill' ? 'fill' : 'data');
  }

  /**
   * Connection states into the status line; the market stream back after a drop reads the snapshots again.
   * The order stream is ready only once its subscription is acknowledged (onPrivateAck): logged in, it
   * is still `subscribing`, and an order's fill pushed meanwhile would reach no one.
   */
  private onState(which: 'public' | 'private', st: ConnState): void {
    if (which === 'public') this.s.feed.state = st;
    else this.s.feed.privateState = st === 'ready' ? 'subscribing' : st;
    if (which === 'public' && st === 'ready' && this.pub && this.pub.reconnects > 0 && !this.closed) {
      logAction(this.s, 'info', 'market stream back after a drop: reading snapshots again', this.now());
      void this.snapshot();
    }
    this.o.changed('data');
  }

  /** The order stream subscribed: ready; back after a drop, balances and open orders are read again from here on. */
  private onPrivateAck(): void {
    if (this.s.feed.privateState !== 'subscribing') return;
    this.s.feed.privateState = 'ready';
    if (this.priv && this.priv.reconnects > 0 && !this.closed) {
      logAction(this.s, 'info', 'order stream back after a drop: reading snapshots again', this.now());
      void Promise.all([this.readAccount(), this.readPnl()]);
    }
    this.o.changed('data');
  }

  /** Copies the connections' counters into the state (before each frame). */
  sync(): void {
    const f = this.s.feed;
    f.lastMessageAt = Math.max(this.pub?.lastMessageAt ?? 0, this.priv?.lastMessageAt ?? 0);
    f.reconnects = (this.pub?.reconnects ?? 0) + (this.priv?.reconnects ?? 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.accountTimer);
    clearInterval(this.algosTimer);
    await Promise.all([this.pub?.close(), this.priv?.close()]);
  }
}
