/**
 * The market side of the exchange: one tape per pair (generated history, then live trades) and
 * the simulator that trades on the engine. It runs tick by tick up to the time asked for; after a
 * long stop it fills the gap with generated candles and carries on from there.
 */
import type { Engine } from '../engine/engine.js';
import type { Ledger } from '../engine/ledger.js';
import type { TradeRec } from '../engine/types.js';
import { fromTicks, gapCandles, historyOf, toTicks } from './history.js';
import { PAIRS } from '../engine/pairs.js';
import { Prng } from './prng.js';
import { Simulator, TICK_MS, type SimState } from './sim.js';
import { Tape, type TapeState } from './tape.js';

/** What drives the public market of the exchange: the simulation, or a replay (src/sandbox/replay/). */
export interface MarketDriver {
  readonly tapes: Map<string, Tape>;
  /** Puts a trade of the engine on its pair's tape. */
  record(t: TradeRec): void;
  /** Runs the market up to `now` (ms). */
  advance(now: number): void;
  snapshot(): { sim: SimState; tapes: Record<string, TapeState> };
  /** ms between two runs of the exchange's background timer (default: the simulation's tick). */
  readonly tickMs?: number;
}

/** What an exchange hands a driver other than the simulation. */
export interface MarketSeam {
  readonly engine: Engine;
  readonly ledger: Ledger;
  /** Prints a public trade that did not happen on the engine: on the tape and out to the streams. */
  print(t: TradeRec): void;
  nextId(): string;
  /** ms the market starts at. */
  readonly start: number;
  readonly log: (line: string) => void;
}

export type MarketFactory = (seam: MarketSeam) => MarketDriver;

/** Behind by more than this (ms), the simulation skips ahead and fills the gap with generated candles. */
const MAX_CATCH_UP_MS = 60_000;

export class Market implements MarketDriver {
  readonly tapes = new Map<string, Tape>();
  private readonly sim: Simulator;

  /**
   * `genesis`: ms of the minute the generated history ends; `start`: ms the simulation of a fresh
   * market begins (at or after genesis); `quote`: quote the book at `start` (a fresh market with no warm-up).
   */
  constructor(
    engine: Engine, readonly seed: number, readonly genesis: number, start: number, saved?: { sim: SimState; tapes: Record<string, TapeState> }, quote = false,
  ) {
    const fair: Record<string, number> = {};
    PAIRS.forEach((spec, i) => {
      const sym = spec.details.symbol;
      // The last price is the history's last close, as written by the history.
      const tape = new Tape(fromTicks(spec, toTicks(spec, spec.sim.start)));
      tape.setHistory(() => historyOf(spec, i, seed, genesis / 1000), genesis / 1000);
      const st = saved?.tapes[sym];
      if (st) {
        tape.addCandles(st.candles);
        tape.trades.push(...st.trades);
        tape.last = st.last;
      }
      this.tapes.set(sym, tape);
      fair[sym] = toTicks(spec, spec.sim.start);
    });
    this.sim = new Simulator(engine, saved?.sim ?? { fair, prng: seed, clock: start });
    // Simulated orders are not saved: a restored market quotes again at once.
    if (saved || quote) this.sim.requote();
  }

  /** Puts a trade on its pair's tape. */
  record(t: TradeRec): void {
    this.tapes.get(t.symbol)?.record(t);
  }

  /** Runs the simulation up to `now` (ms). */
  advance(now: number): void {
    const st = this.sim.state;
    if (now - st.clock > MAX_CATCH_UP_MS) this.skipGap(now);
    while (st.clock + TICK_MS <= now) this.sim.tick(st.clock + TICK_MS);
  }

  private skipGap(now: number): void {
    const st = this.sim.state;
    const prng = new Prng((this.seed ^ Math.floor(st.clock / 1000)) >>> 0);
    const to = Math.floor(now / 60000) * 60;
    for (const spec of PAIRS) {
      const tape = this.tapes.get(spec.details.symbol)!;
      const last = tape.candles[tape.candles.length - 1];
      const from = last ? last.t + 60 : Math.floor(st.clock / 60000) * 60;
      tape.addCandles(gapCandles(spec, prng, tape.last, from, to));
      st.fair[spec.details.symbol] = toTicks(spec, tape.last);
    }
    st.clock = now - TICK_MS;
  }

  /** What persists: the simulator and the tapes since genesis (history is regenerated from the seed). */
  snapshot(): { sim: SimState; tapes: Record<string, TapeState> } {
    const genesisSec = this.genesis / 1000;
    const tapes: Record<string, TapeState> = {};
    for (const [sym, t] of this.tapes) tapes[sym] = { last: t.last, trades: t.trades, candles: t.candlesFrom(genesisSec) };
    return { sim: this.sim.state, tapes };
  }
}
