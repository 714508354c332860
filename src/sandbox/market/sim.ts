/**
 * The simulated market: every tick the fair price of each pair takes a random step, a market maker
 * re-quotes a ladder of resting orders on both sides around it, and now and then a taker trades at
 * market. Both are ordinary accounts of the engine, so they trade with users too and every trade
 * moves real balances.
 */
import { ExchangeError } from '../exchange-api.js';
import type { Engine } from '../engine/engine.js';
import type { Ledger } from '../engine/ledger.js';
import { mul, norm, truncate } from '../../util/decimal.js';
import { fromTicks, stepTicks } from './history.js';
import { PAIRS, type PairSpec } from './pairs.js';
import { Prng } from './prng.js';

/** ms between two ticks of the simulation. */
export const TICK_MS = 500;
/** The simulated accounts. */
export const MAKER = 'sim-maker';
export const TAKER = 'sim-taker';
const LEVELS = 20;
const TAKER_CHANCE = 0.5;

/** What the simulation carries between ticks (persisted). */
export interface SimState {
  /** Fair price of each pair, in ticks. */
  fair: Record<string, number>;
  /** PRNG state. */
  prng: number;
  /** ms of the last tick. */
  clock: number;
}

/** Deposits of the simulated accounts: deep enough to never run dry. */
export const SIM_FUNDS: Readonly<Record<string, string>> = {
  USDT: '1000000000000', BTC: '10000000', ETH: '100000000', SOL: '1000000000', BMX: '10000000000000',
};

export function fundSimAccounts(ledger: Ledger): void {
  for (const acct of [MAKER, TAKER]) for (const [cur, amount] of Object.entries(SIM_FUNDS)) ledger.deposit(acct, cur, amount);
}

export class Simulator {
  private readonly prng: Prng;

  constructor(private readonly engine: Engine, readonly state: SimState) {
    this.prng = new Prng(state.prng);
  }

  /** Runs one tick at `now` (ms). */
  tick(now: number): void {
    for (const spec of PAIRS) {
      const sym = spec.details.symbol;
      const fair = stepTicks(spec, this.prng, this.state.fair[sym]!, TICK_MS / 60000);
      this.state.fair[sym] = fair;
      this.quote(spec, fair, now);
      if (this.prng.chance(TAKER_CHANCE)) this.take(spec, fair, now);
    }
    this.state.prng = this.prng.state;
    this.state.clock = now;
  }

  private quote(spec: PairSpec, fair: number, now: number): void {
    const sym = spec.details.symbol;
    this.engine.cancelAll(MAKER, sym, undefined, now);
    const half = spec.sim.halfSpreadTicks;
    const gap = Math.max(1, Math.round(half / 2));
    for (let i = 0; i < LEVELS; i++) {
      const off = half + i * gap + this.prng.int(0, gap);
      this.try(spec, 'buy', fromTicks(spec, Math.max(1, fair - off)), this.lots(spec), now);
      this.try(spec, 'sell', fromTicks(spec, fair + off), this.lots(spec), now);
    }
  }

  private take(spec: PairSpec, fair: number, now: number): void {
    const size = this.lots(spec, 0.6);
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

  private try(spec: PairSpec, side: 'buy' | 'sell', price: string, size: string, now: number): void {
    try {
      this.engine.place(MAKER, { symbol: spec.details.symbol, side, type: 'limit', price, size }, now);
    } catch (err) {
      // A level below the pair's minimum amount, or funds short: the ladder just has a gap.
      if (!(err instanceof ExchangeError)) throw err;
    }
  }

  /** A random size in whole lots around `scale` times the pair's typical size. */
  private lots(spec: PairSpec, scale = 1): string {
    const n = Math.max(1, Math.round(spec.sim.lots * scale * (0.3 + this.prng.next() * 1.4)));
    return norm(mul(spec.details.quote_increment, String(n)));
  }
}
