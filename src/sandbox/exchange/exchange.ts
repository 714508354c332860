/**
 * The sandbox exchange: accounts, the matching engine, the simulated market and the tapes behind
 * one {@link ExchangeApi}. The simulation advances on a timer and, lazily, before every call, so
 * what a caller sees is always current.
 */
import type { Side } from '../../api/catalogue/vocab.js';
import { EventEmitter } from 'node:events';
import type {
  Balance, DepthView, ExchangeApi, ExchangeEvents, KlineView, OrderStatus, OrderView, FillView, PairDetails, PlaceRequest,
  Permission, SandboxAccount, TickerView, TradeView,
} from '../exchange-api.js';
import { Accounts, DEFAULT_DEPOSIT, type AccountRec } from '../accounts.js';
import { Engine } from '../engine/engine.js';
import type { OrderRef } from '../engine/hooks.js';
import { Ledger } from '../engine/ledger.js';
import { FEE_ACCOUNT } from '../engine/settle.js';
import type { TradeRec } from '../engine/types.js';
import { fail } from '../errors.js';
import { Market, type MarketDriver, type MarketFactory } from '../market/market.js';
import { CURRENCIES, currencyName, PAIRS, pairSpec } from '../engine/pairs.js';
import { fundSimAccounts, REPLAY, SIM_ACCOUNTS, TICK_MS } from '../market/sim.js';
import type { Tape } from '../market/tape.js';
import { STATE_VERSION, type ExchangeState } from './state.js';
import { fillView, klineView, orderView, priceText, tickerView, tradeView } from './record-views.js';
import { cmp, isDecimal } from '../../util/decimal.js';

/** The first id handed out: ids exceed 2^53 from the start, as on real venues. */
export const FIRST_ID = '183347420821295423';
/** ms of simulated trading before a fresh exchange answers its first request. */
export const WARM_UP_MS = 20_000;
const INTERNAL = new Set([...SIM_ACCOUNTS, REPLAY, FEE_ACCOUNT]);

export interface ExchangeOptions {
  readonly seed?: number;
  /** ms; default Date.now */
  readonly clock?: () => number;
  /**
   * ms the simulated market has reached; default {@link clock}. A clock held still holds the market
   * still (no simulated trade, the book as quoted) while the venue's own time (timestamps, rate windows) runs on.
   */
  readonly marketClock?: () => number;
  /** Where a failure of the background simulation is reported. */
  readonly log?: (line: string) => void;
  /** Drives the public market instead of the simulation (a replay); it starts now, with no warm-up. */
  readonly market?: MarketFactory;
  /**
   * ms of simulated trading a fresh market has behind it at its first answer; default {@link WARM_UP_MS}.
   * Under one tick (0): the book is quoted at once and the tapes hold only the generated history, no trades.
   */
  readonly warmUpMs?: number;
}

export class Exchange implements ExchangeApi {
  readonly ledger: Ledger;
  readonly engine: Engine;
  readonly accounts: Accounts;
  private readonly market: MarketDriver;
  private readonly events = new EventEmitter();
  private readonly dirtyBooks = new Set<string>();
  private nextId: bigint;
  private timer?: NodeJS.Timeout;
  private busy = 0;
  readonly seed: number;
  readonly genesis: number;
  readonly clock: () => number;
  private readonly marketClock: () => number;
  private readonly log: (line: string) => void;

  constructor(opts: ExchangeOptions = {}, saved?: ExchangeState) {
    this.clock = opts.clock ?? Date.now;
    this.marketClock = opts.marketClock ?? this.clock;
    this.log = opts.log ?? (() => {});
    this.events.setMaxListeners(0);
    this.seed = saved?.seed ?? opts.seed ?? 1;
    // A fresh market starts WARM_UP_MS in the past, so trades and a live candle exist from the first request.
    const warmUpMs = opts.warmUpMs ?? WARM_UP_MS;
    const warm = this.marketClock() - warmUpMs;
    this.genesis = saved?.genesis ?? Math.floor(warm / 60000) * 60000;
    this.nextId = BigInt(saved?.nextId ?? FIRST_ID);
    this.accounts = new Accounts(saved?.accounts ?? [], saved?.nextAccount);
    this.ledger = new Ledger(saved?.ledger ?? {});
    fundSimAccounts(this.ledger);
    this.engine = new Engine(this.ledger, {
      nextId: () => String(this.nextId++),
      trade: (t) => this.print(t),
      order: (o, f) => {
        if (!INTERNAL.has(o.acct)) this.events.emit('order', orderView(o), f && fillView(f));
      },
      book: (s) => this.dirtyBooks.add(s),
      internal: (acct) => INTERNAL.has(acct),
    }, saved?.orders, saved?.fills);
    this.market = opts.market
      ? opts.market({ engine: this.engine, ledger: this.ledger, print: (t) => this.print(t), nextId: () => this.newId(), start: this.marketClock(), log: this.log })
      : new Market(this.engine, this.seed, this.genesis, warm, saved, !saved && warmUpMs < TICK_MS);
  }

  /** A public trade: on its tape, and out to the listeners. */
  private print(t: TradeRec): void {
    this.market.record(t);
    this.events.emit('trade', tradeView(t));
  }

  /** Starts the simulation timer (unref'd: it never keeps the process alive). */
  start(): void {
    this.timer ??= setInterval(() => {
      try {
        this.advance();
      } catch (err) {
        this.log(`market simulation failed: ${(err as Error).stack ?? String(err)}`);
      }
    }, this.market.tickMs ?? TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Runs the simulation up to now. */
  advance(now = this.marketClock()): void {
    // A listener that reads the exchange while a change is under way must not run the market in between.
    if (this.busy) return;
    this.mutate(() => this.market.advance(now));
  }

  /** Runs a change; book events go out once it is complete (listeners may read, must not write). */
  private mutate<T>(fn: () => T): T {
    this.busy++;
    try {
      return fn();
    } finally {
      this.busy--;
      if (!this.busy) this.flushEvents();
    }
  }

  private flushEvents(): void {
    const dirty = [...this.dirtyBooks];
    this.dirtyBooks.clear();
    for (const s of dirty) this.events.emit('book', s);
  }

  on<E extends keyof ExchangeEvents>(event: E, fn: ExchangeEvents[E]): void {
    this.events.on(event, fn);
  }

  off<E extends keyof ExchangeEvents>(event: E, fn: ExchangeEvents[E]): void {
    this.events.off(event, fn);
  }

  symbols(): string[] {
    return PAIRS.map((p) => p.details.symbol);
  }

  details(symbol: string): PairDetails | undefined {
    return pairSpec(symbol)?.details;
  }

  private tape(symbol: string): Tape {
    const t = this.market.tapes.get(symbol);
    if (!t) throw fail(50001);
    this.advance();
    return t;
  }

  ticker(symbol: string): TickerView {
    const tape = this.tape(symbol);
    const now = this.clock();
    const s = tape.stats24h(now);
    const book = this.engine.book(symbol);
    const [bid] = book.levels('buy', 1);
    const [ask] = book.levels('sell', 1);
    return tickerView(symbol, s, bid, ask, now);
  }

  /** `precision`: decimals to group prices to (bids down, asks up); default the pair's full precision. */
  depth(symbol: string, levels: number, precision?: number): DepthView {
    this.tape(symbol);
    const book = this.engine.book(symbol);
    const side = (s: Side) => book.levels(s, levels, precision).map((l) => [priceText(symbol, l.price), l.size] as const);
    return { bids: side('buy'), asks: side('sell'), ms_t: this.clock() };
  }

  /** Depth levels with their order counts (REST book). */
  depthCounts(symbol: string, levels: number, precision?: number) {
    this.tape(symbol);
    const book = this.engine.book(symbol);
    return { bids: book.levels('buy', levels, precision), asks: book.levels('sell', levels, precision), ms_t: this.clock() };
  }

  trades(symbol: string, n: number): TradeView[] {
    return this.tape(symbol).trades.slice(-n).reverse().map(tradeView);
  }

  klines(symbol: string, stepMinutes: number, fromSec: number, toSec: number): KlineView[] {
    return this.tape(symbol).klines(stepMinutes, fromSec, toSec).map((c) => klineView(symbol, c));
  }

  accountByKey(key: string): SandboxAccount | undefined {
    return this.accounts.byApiKey(key);
  }

  account(id: string): AccountRec | undefined {
    return this.accounts.get(id);
  }

  createAccount(deposit: Readonly<Record<string, string>> = DEFAULT_DEPOSIT, permissions: Permission = 'trade'): SandboxAccount {
    for (const [cur, amount] of Object.entries(deposit)) {
      if (!CURRENCIES.some((c) => c.id === cur)) throw fail(60002);
      if (!isDecimal(amount) || cmp(amount, '0') < 0) throw fail(50021, `deposit of ${cur}`);
    }
    const a = this.accounts.create(permissions, this.clock());
    for (const [cur, amount] of Object.entries(deposit)) this.ledger.deposit(a.id, cur, amount);
    return a;
  }

  balances(accountId: string): Balance[] {
    this.advance();
    return CURRENCIES.map((c) => {
      const s = this.ledger.slot(accountId, c.id);
      return { currency: c.id, name: currencyName(c.id), available: s.available, frozen: s.frozen };
    });
  }

  placeOrder(accountId: string, req: PlaceRequest): OrderView {
    this.advance();
    return this.mutate(() => orderView(this.engine.place(accountId, req, this.clock())));
  }

  cancelOrder(accountId: string, symbol: string, ref: OrderRef): OrderView {
    this.tape(symbol);
    return this.mutate(() => orderView(this.engine.cancel(accountId, symbol, ref, this.clock())));
  }

  cancelAll(accountId: string, symbol: string, side?: Side): OrderView[] {
    this.tape(symbol);
    return this.mutate(() => this.engine.cancelAll(accountId, symbol, side, this.clock()).map(orderView));
  }

  order(accountId: string, symbol: string, ref: OrderRef): OrderView | undefined {
    this.tape(symbol);
    const o = this.engine.find(accountId, symbol, ref);
    return o && orderView(o);
  }

  orders(accountId: string, symbol: string, statuses: readonly OrderStatus[], n: number): OrderView[] {
    this.tape(symbol);
    return this.engine.list(accountId, symbol, statuses, n).map(orderView);
  }

  fills(accountId: string, symbol: string, orderId?: string): FillView[] {
    this.tape(symbol);
    return this.engine.fills(accountId, symbol, orderId).map(fillView);
  }

  /** A fresh id (decimal string above 2^53). */
  newId(): string {
    return String(this.nextId++);
  }

  /** The whole state, for persistence. */
  snapshot(): ExchangeState {
    const { orders, fills } = this.engine.records();
    return {
      version: STATE_VERSION, seed: this.seed, genesis: this.genesis, nextId: String(this.nextId), nextAccount: this.accounts.next,
      accounts: this.accounts.list(), ledger: this.ledger.data(), orders, fills,
      ...this.market.snapshot(),
    };
  }
}
