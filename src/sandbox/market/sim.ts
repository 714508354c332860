/**
 * The simulated market: every tick the fair price of each pair takes a random step, a market maker
 * re-quotes a ladder of 20 resting orders a side around it, and now and then a taker trades at
 * market. Behind that ladder a second maker keeps the book 200 levels deep (spec 4.2: book sizes up
 * to 200), re-quoted every 10 s. All are ordinary accounts of the engine, so they trade with users
 * too and every trade moves real balances.
 */
import type { Side } from '../../api/catalogue/vocab.js';
import { ExchangeError } from '../exchange-api.js';
import type { Engine } from '../engine/engine.js';
import type { Ledger } from '../engine/ledger.js';
import { mul, norm, truncate } from '../../util/decimal.js';
import { fromTicks, stepTicks } from './history.js';
import { unitsOf, unitsText } from '../engine/units.js';
import { PAIRS, type PairSpec } from '../engine/pairs.js';
import { Prng } from './prng.js';

/** ms between two ticks of the simulation. */
export const TICK_MS = 500;
/** The simulated accounts. */
export const MAKER = 'sim-maker';
export const TAKER = 'sim-taker';
/** The maker of the deep levels. */
export const DEPTH = 'sim-depth';
/** The account that quotes a replayed book (src/sandbox/replay/). */
export const REPLAY = 'replay-book';
/** Every simulated account. */
export const SIM_ACCOUNTS: readonly string[] = [MAKER, TAKER, DEPTH];
/** Levels a side the inner maker re-quotes every tick, and how many more the deep maker keeps. */
const LEVELS = 20;
export const DEEP_LEVELS = 180;
/** Ticks between two re-quotes of the deep levels. */
const DEEP_EVERY = 20;
const TAKER_CHANCE = 0.5;

/** What the simulation carries between ticks (persisted). */
export interface SimState {
  /** Fair price of each pair, in ticks. */
  fair: Record<string, number>;
  /** PRNG state. */
  prng: number;
  /** ms of the last tick. */
  clock: number;
  /** Ticks since the deep levels were quoted (absent: never). */
  deepAge?: number;
}

/** Deposits of the simulated accounts: deep enough to never run dry. */
export const SIM_FUNDS: Readonly<Record<string, string>> = {
  USDT: '1000000000000', BTC: '10000000', ETH: '100000000', SOL: '1000000000', BMX: '10000000000000',
};

/** Funds every simulated account that has no balance yet (a new exchange, or a state saved before it existed). */
export function fundSimAccounts(ledger: Ledger): void {
  for (const acct of SIM_ACCOUNTS) {
    if (ledger.currencies(acct).length) continue;
    for (const [cur, amount] of Object.entries(SIM_FUNDS)) ledger.deposit(acct, cur, amount);
  }
}

export class Simulator {
  private readonly prng: Prng;

  constructor(private readonly engine: Engine, readonly state: SimState) {
    this.prng = new Prng(state.prng);
  }

  /** Runs one tick at `now` (ms). */
  tick(now: number): void {
    const deep = this.state.deepAge === undefined || this.state.deepAge + 1 >= DEEP_EVERY;
    for (const spec of PAIRS) {
      const sym = spec.details.symbol;
      const fair = stepTicks(spec, this.prng, this.state.fair[sym]!, TICK_MS / 60000);
      this.state.fair[sym] = fair;
      this.quote(spec, fair, now);
      if (deep) this.quoteDeep(spec, fair, now);
      if (this.prng.chance(TAKER_CHANCE)) this.take(spec, fair, now);
    }
    this.state.deepAge = deep ? 0 : this.state.deepAge! + 1;
    this.state.prng = this.prng.state;
    this.state.clock = now;
  }

  /** Quotes both ladders around the current fair prices at the last tick's time (after a restart: orders of simulated accounts are not saved). */
  requote(): void {
    const now = this.state.clock;
    for (const spec of PAIRS) {
      const fair = this.state.fair[spec.details.symbol]!;
      this.quote(spec, fair, now);
      this.quoteDeep(spec, fair, now);
    }
    this.state.deepAge = 0;
    this.state.prng = this.prng.state;
  }

  private quote(spec: PairSpec, fair: number, now: number): void {
    this.ladder(MAKER, spec, fair, now, 0, LEVELS);
  }

  private quoteDeep(spec: PairSpec, fair: number, now: number): void {
    this.ladder(DEPTH, spec, fair, now, LEVELS + 1, DEEP_LEVELS);
  }

  /** `acct` re-quotes `levels` levels a side, the first `skip` gaps beyond the spread. */
  private ladder(acct: string, spec: PairSpec, fair: number, now: number, skip: number, levels: number): void {
    this.engine.cancelAll(acct, spec.details.symbol, undefined, now);
    const half = spec.sim.halfSpreadTicks;
    const gap = Math.max(1, Math.round(half / 2));
    for (let i = skip; i < skip + levels; i++) {
      const off = half + i * gap + this.prng.int(0, gap);
      this.try(acct, spec, 'buy', fair - off, this.lots(spec), now);
      this.try(acct, spec, 'sell', fair + off, this.lots(spec), now);
    }
  }

  private take(spec: PairSpec, fair: number, now: number): void {
    const size = unitsText(this.lots(spec, 0.6), unitsOf(spec.details, spec.maxPrice).s);
    const symbol = spec.details.symbol;
    try {
      if (this.prng.chance(0.5)) {
        const notional = norm(truncate(mul(size, fromTicks(spec, fair)), spec.details.price_max_precision));
        this.engine.place(TAKER, { symbol, side: 'buy', type: 'market', notional }, now);
      } else {
        this.engine.place(TAKER, { symbol, side: 'sell', type: 'market', size }, now);
      }
    } catch (err) {
      if (!(err instanceof ExchangeError)) throw err;
    }
  }

  /** A limit order of `acct` at `px` ticks (rounded, at least one) for `qty` size units. */
  private try(acct: string, spec: PairSpec, side: Side, px: number, qty: number, now: number): void {
    try {
      this.engine.quote(acct, spec, side, Math.max(1, Math.round(px)), qty, now);
    } catch (err) {
      // A level below the pair's minimum amount, or funds short: the ladder just has a gap.
      if (!(err instanceof ExchangeError)) throw err;
    }
  }

  /** A random size in whole lots around `scale` times the pair's typical size, in size units. */
  private lots(spec: PairSpec, scale = 1): number {
    const n = Math.max(1, Math.round(spec.sim.lots * scale * (0.3 + this.prng.next() * 1.4)));
    return n * unitsOf(spec.details, spec.maxPrice).incUnits;
  }
}
