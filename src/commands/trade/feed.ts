/**
 * The terminal's data for one pair: REST snapshots at start and after every reconnect (./reads.ts), then
 * the public streams (depth, trades, kline, ticker) and, with credentials, order progress after a login.
 * Everything it learns goes into the state as a message (./msg.ts) through the update; the effects an
 * update asks of the feed (read the account again, the journals, a fee) come back to {@link TradeFeed.run}.
 */
import { channelKind } from '../../api/catalogue/channels.js';
import type { Credentials } from '../../api/client.js';
import type { Context } from '../../context.js';
import type { BmError } from '../../errors.js';
import type { Entry } from '../../ws/codec.js';
import type { ConnectionOptions } from '../../ws/options.js';
import type { LiveConnection } from '../../core/usecases/live.js';
import { topics } from '../../ws/channels.js';
import { BOOK_LEVELS } from './book.js';
import type { Effect, Msg } from './msg.js';
import { Program, type Changed } from './program.js';
import { readHistory, readOrderFills } from './history-read.js';
import { FeedReads } from './reads.js';
import { readWatch } from './watch-read.js';
import type { ConnState, TradeState } from './state.js';

/** How often the conditional orders' journals are read again between account reads (ms). */
const ALGOS_EVERY_MS = 2_000;

export interface FeedOptions {
  readonly ctx: Context;
  readonly state: TradeState;
  /** `ws://host` (the channels' paths are appended). */
  readonly wsUrl: string;
  readonly service: string;
  readonly credentials: Credentials | undefined;
  /** Something changed (when the feed runs its own update loop: no `dispatch` given). */
  readonly changed: Changed;
  /** Where the feed's messages go (the session's loop); default: the update on `state`, the effects run here. */
  readonly dispatch?: (m: Msg) => void;
  /** The stream failed for good (refused login, unknown pair...). */
  readonly failed: (err: BmError) => void;
  readonly now?: () => number;
  /** Opens a connection (tests inject one); default: a WsConnection. */
  readonly connection?: (opts: ConnectionOptions) => Connection;
}

/** What the feed uses of a connection: the live layer's. */
export type Connection = LiveConnection;

export class TradeFeed {
  private pub: Connection | undefined;
  private priv: Connection | undefined;
  private algosTimer: NodeJS.Timeout | undefined;
  private readonly reads: FeedReads;
  private readonly dispatch: (m: Msg) => void;
  private readonly now: () => number;

  constructor(private readonly o: FeedOptions) {
    this.now = o.now ?? Date.now;
    this.dispatch = o.dispatch ?? new Program(o.state, (e) => this.run(e), o.changed).dispatch;
    this.reads = new FeedReads(o.ctx, o.state, this.dispatch, o.credentials !== undefined, this.now);
  }

  /** Read only: the state the feed's messages change. */
  private get s(): TradeState {
    return this.o.state;
  }

  private get closed(): boolean {
    return this.reads.closed;
  }

  private log(text: string): void {
    this.dispatch({ kind: 'log', level: 'info', text, at: this.now() });
  }

  /**
   * Reads everything over REST: ticker, book, trades, candles, and with credentials balances and open
   * orders; the watchlist's pairs (unless `watch` is false: a printed screen too narrow to show them);
   * the history when it is called up.
   */
  async snapshot(watch = true): Promise<void> {
    await Promise.all([
      this.reads.snapshot(),
      watch ? readWatch(this.o.ctx, this.s.watch.pairs, this.s.symbol, this.o.credentials !== undefined, this.dispatch, this.now) : Promise.resolve(),
      this.s.history.status === 'reading' ? this.history() : Promise.resolve(),
    ]);
  }

  private history(): Promise<void> {
    return readHistory(this.o.ctx, this.s.symbol, this.dispatch, this.now);
  }

  /** Balances and open orders of the pair, now. */
  private readAccount(): Promise<void> {
    return this.reads.readAccount();
  }

  /** Every fill of the pair, for its P&L. */
  readPnl(): Promise<void> {
    return this.reads.readPnl();
  }

  /** Balances and open orders again, soon: bursts are coalesced and one read runs at a time. */
  refreshAccount(): void {
    this.reads.refreshAccount();
  }

  /** Runs an effect that is the feed's work; any other is not its to run. */
  run(e: Effect): void {
    if (e.kind === 'refreshAccount') this.refreshAccount();
    else if (e.kind === 'readAlgos') this.reads.readAlgos();
    else if (e.kind === 'readFee') this.reads.pnl.feeOf(e.orderId);
    else if (e.kind === 'readHistory') void this.history();
    else if (e.kind === 'readFills') void readOrderFills(this.o.ctx, this.s.symbol, e.orderId, this.dispatch, this.now);
    else if (e.kind === 'watch' && e.added !== undefined) this.follow(e.added);
  }

  /** Starts following a pair added to the watchlist: its ticker (and orders) subscribed, its figures read. */
  private follow(symbol: string): void {
    this.pub?.subscribe([topics.ticker(symbol)]);
    this.priv?.subscribe([topics.order(symbol)]);
    void readWatch(this.o.ctx, [symbol], this.s.symbol, this.o.credentials !== undefined, this.dispatch, this.now);
  }

  /** Opens the streams. */
  async start(): Promise<void> {
    const { openStream } = await import('../../core/usecases/live.js');
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
      onNotice: (line) => this.log(line),
    }, this.o.connection);
    // The watchlist's pairs' tickers on the same connection (the pair's own once).
    const watched = this.s.watch.pairs.filter((p) => p !== sym).map((p) => topics.ticker(p));
    this.pub.subscribe([topics.depth(sym, BOOK_LEVELS), topics.trade(sym), topics.kline(sym, this.s.step.interval), topics.ticker(sym), ...watched]);
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
      onNotice: (line) => this.log(line),
    }, this.o.connection);
    // The watchlist's pairs' orders too: their counts follow the pushes.
    this.priv.subscribe([topics.order(sym), ...this.s.watch.pairs.filter((p) => p !== sym).map((p) => topics.order(p))]);
    this.priv.start();
    void this.readPnl();
    // A detached runner starts, fires and ends on its own time: its journal is read again now and then.
    this.algosTimer = setInterval(() => this.dispatch({ kind: 'tick', at: this.now() }), ALGOS_EVERY_MS);
  }

  private onPublic(table: string, e: Entry): void {
    const kind = channelKind(table);
    if (kind === 'ticker' && this.s.watch.pairs.includes(String(e.symbol))) this.dispatch({ kind: 'watchTicker', entry: e, at: this.now() });
    if (kind === 'ticker' && String(e.symbol) !== this.s.symbol) return;
    if (kind === 'depth' || kind === 'trade' || kind === 'kline' || kind === 'ticker') this.dispatch({ kind: 'push', channel: kind, entry: e });
  }

  private onPrivate(table: string, e: Entry): void {
    if (channelKind(table) === 'order') this.dispatch({ kind: 'orderPush', entry: e, at: this.now() });
  }

  /**
   * Connection states into the status line; the market stream back after a drop reads the snapshots again.
   * The order stream is ready only once its subscription is acknowledged (onPrivateAck): logged in, it
   * is still `subscribing`, and an order's fill pushed meanwhile would reach no one.
   */
  private onState(which: 'public' | 'private', st: ConnState): void {
    this.dispatch({ kind: 'conn', which, state: st });
    if (which === 'public' && st === 'ready' && this.pub && this.pub.reconnects > 0 && !this.closed) {
      this.log('market stream back after a drop: reading snapshots again');
      void this.snapshot();
    }
  }

  /** The order stream subscribed: ready; back after a drop, balances and open orders are read again from here on. */
  private onPrivateAck(): void {
    if (this.s.feed.privateState !== 'subscribing') return;
    this.dispatch({ kind: 'subscribed' });
    if (this.priv && this.priv.reconnects > 0 && !this.closed) {
      this.log('order stream back after a drop: reading snapshots again');
      void Promise.all([this.readAccount(), this.readPnl()]);
    }
  }

  /** Copies the connections' counters into the state (before each frame). */
  sync(): void {
    const lastMessageAt = Math.max(this.pub?.lastMessageAt ?? 0, this.priv?.lastMessageAt ?? 0);
    this.dispatch({ kind: 'counters', lastMessageAt, reconnects: (this.pub?.reconnects ?? 0) + (this.priv?.reconnects ?? 0) });
  }

  async close(): Promise<void> {
    this.reads.close();
    clearInterval(this.algosTimer);
    await Promise.all([this.pub?.close(), this.priv?.close()]);
  }
}
