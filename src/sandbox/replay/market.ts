/**
 * The public market driven by a recording instead of the simulation. Each recorded push is due at
 * the replay's start plus its distance from the first push, divided by the speed; running the
 * market up to a time applies every push due by then, in file order, each at its own due time, so
 * the same file at the same speed gives the same trades, books and candles however often the
 * market is run. Recorded trades are printed on the tape (candles and ticker follow from them);
 * a recorded book is quoted on the engine by one account, so user orders match against it.
 * Ticker and k-line pushes are not used: the sandbox derives both from the trades.
 */
import { ExchangeError } from '../exchange-api.js';
import { CHANNELS } from '../../api/catalogue/channels.js';
import { isSide } from '../../api/catalogue/vocab.js';
import { isDecimal, norm } from '../../util/decimal.js';
import { parseJson, scalarText } from '../../util/json.js';
import type { TradeRec } from '../engine/types.js';
import type { MarketDriver, MarketSeam } from '../market/market.js';
import { PAIRS } from '../engine/pairs.js';
import { REPLAY, SIM_FUNDS, type SimState } from '../market/sim.js';
import { Tape, type TapeState } from '../market/tape.js';
import { IncrementalLevels, levelsOf, type Levels } from './levels.js';
import type { EventFeed } from './feed.js';

/** ms between two runs of the exchange's timer while replaying (pushes are due at any ms). */
const REPLAY_TICK_MS = 50;

export class ReplayMarket implements MarketDriver {
  readonly tapes = new Map<string, Tape>();
  readonly tickMs = REPLAY_TICK_MS;
  private applied = 0;
  private toldEnd = false;
  private readonly incremental = new Map<string, IncrementalLevels>();
  private readonly told = new Set<string>();

  /** `t0`: the recorded time (ms) of the first push, due at the start. */
  constructor(private readonly seam: MarketSeam, private readonly feed: EventFeed, private readonly t0: number, private readonly speed: number) {
    // No generated history: the market begins with the recording.
    for (const spec of PAIRS) this.tapes.set(spec.details.symbol, new Tape(spec.sim.start));
    if (!seam.ledger.currencies(REPLAY).length) for (const [cur, amount] of Object.entries(SIM_FUNDS)) seam.ledger.deposit(REPLAY, cur, amount);
  }

  /** ms (exchange clock) a push recorded at `t` is due. */
  dueAt(t: number): number {
    return this.seam.start + Math.round((t - this.t0) / this.speed);
  }

  record(t: TradeRec): void {
    this.tapes.get(t.symbol)?.record(t);
  }

  advance(now: number): void {
    if (this.toldEnd) return;
    for (let e = this.feed.peek(); e && this.dueAt(e.t) <= now; e = this.feed.peek()) {
      this.apply(e.raw, this.dueAt(e.t));
      this.feed.shift();
      this.applied++;
    }
    const failure = this.feed.failure;
    if (failure) this.once('failure', `replay: stopped after ${this.applied} pushes: ${failure.message}`);
    if (this.feed.finished) {
      this.toldEnd = true;
      if (!failure) this.seam.log(`replay: all ${this.applied} recorded pushes applied; the market stays as the recording left it`);
    }
  }

  snapshot(): { sim: SimState; tapes: Record<string, TapeState> } {
    const tapes: Record<string, TapeState> = {};
    for (const [sym, t] of this.tapes) tapes[sym] = { last: t.last, trades: t.trades, candles: t.candles };
    return { sim: { fair: {}, prng: 0, clock: this.seam.start }, tapes };
  }

  /** Says `line` once per `key`. */
  private once(key: string, line: string): void {
    if (this.told.has(key)) return;
    this.told.add(key);
    this.seam.log(line);
  }

  private apply(raw: string, at: number): void {
    let msg: unknown;
    try {
      msg = parseJson(raw);
    } catch {
      return this.once('json', 'replay: a recorded push that is not JSON was skipped');
    }
    const m = msg as { table?: unknown; data?: unknown } | null;
    if (!m || typeof m.table !== 'string' || !Array.isArray(m.data)) return;
    const info = CHANNELS.get(m.table);
    if (!info || (info.kind !== 'trade' && info.kind !== 'depth')) return;
    for (const e of m.data as unknown[]) {
      if (e === null || typeof e !== 'object') continue;
      const entry = e as Record<string, unknown>;
      const symbol = scalarText(entry.symbol);
      if (!this.tapes.has(symbol)) {
        this.once(`pair:${symbol}`, `replay: ${symbol || 'a push without symbol'} is not a pair of the sandbox: its pushes are skipped`);
        continue;
      }
      if (info.kind === 'trade') this.trade(symbol, entry, at);
      else if (info.incremental) this.quote(symbol, this.incrementalOf(symbol).apply(entry), at);
      else this.quote(symbol, { bids: levelsOf(entry.bids), asks: levelsOf(entry.asks) }, at);
    }
  }

  private incrementalOf(symbol: string): IncrementalLevels {
    let l = this.incremental.get(symbol);
    if (!l) this.incremental.set(symbol, (l = new IncrementalLevels()));
    return l;
  }

  protected trade(symbol: string, e: Record<string, unknown>, at: number): void {
    const price = scalarText(e.price);
    const size = scalarText(e.size);
    const side = e.side;
    if (!isDecimal(price) || !isDecimal(size) || !isSide(side)) {
      return this.once(`trade:${symbol}`, `replay: a trade of ${symbol} without price, size or side was skipped`);
    }
    this.seam.print({ id: this.seam.nextId(), symbol, price: norm(price), size: norm(size), side, time: at });
  }

  /** Replaces the replay's resting orders of `symbol` by the recorded levels, best first. */
  protected quote(symbol: string, book: Levels, at: number): void {
    const engine = this.seam.engine;
    engine.cancelAll(REPLAY, symbol, undefined, at);
    let left = 0;
    for (const [side, levels] of [['sell', book.asks], ['buy', book.bids]] as const) {
      for (const [price, size] of levels) {
        try {
          // A crossed recorded book must not trade with itself: such a level is left out.
          engine.place(REPLAY, { symbol, side, type: 'limit', price, size, stpMode: 'cancel_taker' }, at);
        } catch (err) {
          if (!(err instanceof ExchangeError)) throw err;
          left++;
        }
      }
    }
    if (left) this.once(`levels:${symbol}`, `replay: levels of ${symbol} that the pair's precision or minimums refuse are left out of its book`);
  }
}
