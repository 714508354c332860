/**
 * What the sandbox exchange (./exchange.ts) runs on: its ids, ledger, accounts and matching engine, the
 * public market (simulated or replayed) advanced on a timer and, lazily, before every call, and the
 * events a change sends once it is complete. Its state is saved through {@link ExchangeBase.snapshot}.
 */
import { EventEmitter } from 'node:events';
import type { ExchangeEvents } from '../exchange-api.js';
import { Accounts } from '../accounts.js';
import { Engine } from '../engine/engine.js';
import { Ledger } from '../engine/ledger.js';
import { FEE_ACCOUNT, type FeeRates } from '../engine/settle.js';
import type { TradeRec } from '../engine/types.js';
import { fail } from '../errors.js';
import { Market, type MarketDriver, type MarketFactory } from '../market/market.js';
import { fundSimAccounts, REPLAY, SIM_ACCOUNTS, TICK_MS } from '../market/sim.js';
import type { Tape } from '../market/tape.js';
import { STATE_VERSION, type ExchangeState } from './state.js';
import { fillView, orderView, tradeView } from './record-views.js';
import type { Withdrawal } from './withdrawals.js';

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
  /** Fee rates; default the sandbox's (a backtest's `--fee-rate`). */
  readonly fees?: FeeRates;
}

/** The exchange's state and time, under the calls of ./exchange.ts. */
export class ExchangeBase {
  readonly ledger: Ledger;
  readonly engine: Engine;
  readonly accounts: Accounts;
  /** Withdrawals made on the paper ledger, oldest first (./withdrawals.ts). */
  protected readonly withdrawals: Withdrawal[];
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
    this.withdrawals = [...(saved?.withdrawals ?? [])];
    fundSimAccounts(this.ledger);
    this.engine = new Engine(this.ledger, {
      nextId: () => String(this.nextId++),
      trade: (t) => this.print(t),
      order: (o, f) => {
        if (!INTERNAL.has(o.acct)) this.events.emit('order', orderView(o), f && fillView(f));
      },
      book: (s) => this.dirtyBooks.add(s),
      internal: (acct) => INTERNAL.has(acct),
      ...(opts.fees ? { fees: opts.fees } : {}),
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
  protected mutate<T>(fn: () => T): T {
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

  /** Tells the listeners that balances of `accountId` moved outside trading. */
  protected fundsMoved(accountId: string, currencies: readonly string[]): void {
    this.events.emit('funding', accountId, currencies);
  }

  on<E extends keyof ExchangeEvents>(event: E, fn: ExchangeEvents[E]): void {
    this.events.on(event, fn);
  }

  off<E extends keyof ExchangeEvents>(event: E, fn: ExchangeEvents[E]): void {
    this.events.off(event, fn);
  }

  /** The pair's tape, the market run up to now first; an unknown pair is refused (50001). */
  protected tape(symbol: string): Tape {
    const t = this.market.tapes.get(symbol);
    if (!t) throw fail(50001);
    this.advance();
    return t;
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
      accounts: this.accounts.list(), ledger: this.ledger.data(), orders, fills, withdrawals: [...this.withdrawals],
      ...this.market.snapshot(),
    };
  }
}
