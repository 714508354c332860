/**
 * What the feed reads over REST, each answer sent on as a message: the market's snapshots (at start,
 * on `r`, when the market stream is back after a drop), balances and open orders (after each fill or
 * write, bursts coalesced, one read at a time), every fill for the P&L, and the conditional orders'
 * journals. Nothing here changes the state.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { STATUS_CODE } from '../../api/catalogue/statuses.js';
import type { Context } from '../../context.js';
import type { CurrentCalls } from '../../core/usecases/session.js';
import type { Entry } from '../../ws/codec.js';
import { readPairAlgos, runningPerPair, type SeenAlgos } from './algo-read.js';
import { BOOK_LEVELS } from './book.js';
import type { Msg } from './msg.js';
import { PnlReader } from './pnl-read.js';
import type { TradeState } from './state.js';

/** Candles read at start: enough for the widest chart. */
const CANDLES_AT_START = 200;
/** ms to gather a burst of fills before reading balances and orders again. */
const ACCOUNT_DEBOUNCE_MS = 200;

/** The pair's ticker (`GET /spot/v1/ticker`, one pair: real-time), or undefined when the venue sent none. */
export async function tickerOf(calls: CurrentCalls, symbol: string): Promise<Entry | undefined> {
  const data = await calls.send(endpoint('spot.ticker'), [['symbol', symbol]]);
  return ((data as { tickers?: Entry[] }).tickers ?? [])[0];
}

export class FeedReads {
  private accountTimer: NodeJS.Timeout | undefined;
  private accountRunning: Promise<void> | undefined;
  private accountAgain = false;
  /** The pair's fills for its P&L; pushed fills' fees with the next account refresh. */
  readonly pnl: PnlReader;
  /** The conditional orders read so far: ended ones and other pairs' are not read again. */
  private readonly seenAlgos: SeenAlgos = new Map();
  /** From when (ms) an algo that ends failed or unknown is kept on screen: this feed's start. */
  private readonly since: number;
  closed = false;

  constructor(
    private readonly ctx: Context,
    /** Read only: which pair, which step, which algos were dismissed. */
    private readonly s: TradeState,
    private readonly dispatch: (m: Msg) => void,
    private readonly account: boolean,
    private readonly now: () => number,
  ) {
    this.since = now();
    this.pnl = new PnlReader(ctx, () => s.symbol, dispatch);
  }

  private error(text: string): void {
    this.dispatch({ kind: 'log', level: 'error', text, at: this.now() });
  }

  /** Reads everything over REST: ticker, book, trades, candles, and with credentials balances and open orders. */
  async snapshot(): Promise<void> {
    const calls = await this.ctx.calls();
    const symbol = this.s.symbol;
    const nowS = Math.floor(this.now() / 1000);
    const stepS = this.s.step.minutes * 60;
    const read = async (what: string, f: () => Promise<void>) => {
      try {
        await f();
      } catch (err) {
        this.error(`reading ${what}: ${(err as Error).message}`);
      }
    };
    await Promise.all([
      read('the ticker', async () => {
        const t = await tickerOf(calls, symbol);
        if (t) this.dispatch({ kind: 'snapshot', part: 'ticker', symbol, data: t });
      }),
      read('the book', async () => {
        const data = await calls.send(endpoint('spot.book'), [['symbol', symbol], ['size', BOOK_LEVELS]]);
        this.dispatch({ kind: 'snapshot', part: 'book', symbol, data });
      }),
      read('the trades', async () => {
        const data = await calls.send(endpoint('spot.trades'), [['symbol', symbol], ['N', 50]]);
        this.dispatch({ kind: 'snapshot', part: 'trades', symbol, data });
      }),
      read('the candles', async () => {
        const data = await calls.send(endpoint('spot.kline'), [['symbol', symbol], ['from', nowS - CANDLES_AT_START * stepS], ['to', nowS], ['step', this.s.step.minutes]]);
        this.dispatch({ kind: 'snapshot', part: 'candles', symbol, data });
      }),
      this.account ? this.readAccount() : Promise.resolve(),
    ]);
  }

  /** Balances and open orders of the pair, now, then its conditional orders and the fees of pushed fills. */
  async readAccount(): Promise<void> {
    const calls = await this.ctx.calls();
    const symbol = this.s.symbol;
    try {
      const [wallet, orders] = await Promise.all([
        calls.send(endpoint('spot.wallet')),
        calls.send(endpoint('spot.orders'), [['symbol', symbol], ['N', PROTOCOL.ordersPerList], ['status', STATUS_CODE.open]]),
      ]);
      if (this.s.symbol !== symbol) return;
      this.dispatch({ kind: 'account', symbol, wallet, orders });
      this.readAlgos();
      await this.pnl.fees();
    } catch (err) {
      this.error(`reading balances and orders: ${(err as Error).message}`);
    }
  }

  /**
   * Every fill of the pair, page by page, for its P&L: at start, on `r` and when the order stream is
   * back after a drop (fills it missed). What the stream pushed meanwhile is kept: fills count once by trade id.
   */
  async readPnl(): Promise<void> {
    if (!this.account || this.closed) return;
    try {
      await this.pnl.all();
    } catch (err) {
      this.error(`reading your fills for the P&L: ${(err as Error).message}`);
    }
  }

  /** Balances and open orders again, soon: bursts are coalesced and one read runs at a time. */
  refreshAccount(): void {
    if (!this.account || this.closed) return;
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

  /** The pair's conditional orders read again from their journals. */
  readAlgos(): void {
    const symbol = this.s.symbol;
    const algos = readPairAlgos(this.s, this.ctx.session.env, this.seenAlgos, this.since);
    this.dispatch({ kind: 'algos', symbol, algos, at: this.now(), perPair: runningPerPair(this.seenAlgos) });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.accountTimer);
  }
}
