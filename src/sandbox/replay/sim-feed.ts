/**
 * The sandbox's simulated market as a recording made on the fly, for a backtest (`--simulated`): the
 * same model as the live simulation (each pair's random walk, spread, lot sizes and taker chance, from a
 * seed, one step every {@link TICK_MS}), but each simulated taker's trade written as a push after the book
 * it met, as `bm record import` writes a trade, instead of the live simulation's ladders of resting
 * orders re-quoted every tick: a simulated day then costs seconds, and the bot's orders meet it as they
 * meet any recording (queued behind the book, filled by the trades).
 */
import { PAIRS, type PairSpec } from '../engine/pairs.js';
import { fromTicks, stepTicks, toTicks } from '../market/history.js';
import { Prng } from '../market/prng.js';
import { TICK_MS } from '../market/sim.js';
import { mul, norm } from '../../util/decimal.js';
import type { Side } from '../../api/catalogue/vocab.js';
import type { RecordedEvent } from './format.js';
import { depthChannel, depthPush, tradePush } from './pushes.js';

/** Chance a pair trades in one tick (the live simulation's taker chance). */
const TAKER_CHANCE = 0.5;
/** Levels a side of each book, and the channel of such books. */
const LEVELS = 5;
const DEPTH = depthChannel(LEVELS);

/** A size in whole lots around `scale` times the pair's typical size (as the live simulation draws it). */
function lots(spec: PairSpec, prng: Prng, scale = 1): string {
  const n = Math.max(1, Math.round(spec.sim.lots * scale * (0.3 + prng.next() * 1.4)));
  return norm(mul(spec.details.quote_increment, String(n)));
}

/** The pushes of the simulated market of `seed` from `start` to `end` (ms), of `symbols` (default: every pair). */
export async function* simulatedEvents(seed: number, start: number, end: number, symbols?: readonly string[]): AsyncGenerator<RecordedEvent> {
  const specs = PAIRS.filter((p) => !symbols || symbols.includes(p.details.symbol));
  const prng = new Prng(seed);
  const fair = new Map(specs.map((s) => [s, toTicks(s, s.sim.start)]));
  for (let t = start; t <= end; t += TICK_MS) {
    for (const spec of specs) {
      const f = stepTicks(spec, prng, fair.get(spec)!, TICK_MS / 60000);
      fair.set(spec, f);
      if (!prng.chance(TAKER_CHANCE)) continue;
      const symbol = spec.details.symbol;
      const half = spec.sim.halfSpreadTicks;
      const gap = Math.max(1, Math.round(half / 2));
      const side: Side = prng.chance(0.5) ? 'buy' : 'sell';
      const bids: [string, string][] = [];
      const asks: [string, string][] = [];
      for (let i = 0; i < LEVELS; i++) {
        bids.push([fromTicks(spec, Math.max(1, f - half - i * gap)), lots(spec, prng)]);
        asks.push([fromTicks(spec, f + half + i * gap), lots(spec, prng)]);
      }
      // The taker met the best level of the other side.
      const price = side === 'buy' ? asks[0]![0] : bids[0]![0];
      const size = lots(spec, prng, 0.6);
      yield { t, raw: depthPush(DEPTH, symbol, t, bids, asks) };
      yield { t, raw: tradePush(symbol, t, price, size, side) };
    }
  }
}
