/**
 * The backtest's loop of virtual time. Whenever nothing is working (every client call in flight waits on
 * the clock; see ../virtual-clock.ts), the clock jumps to the next moment anything can happen: the
 * bot's next timer, the equity curve's next point, the end. The market is run up to that moment first,
 * every recorded push at its own time, so the bot wakes to the market as it was then, never to a push
 * recorded later. Between two such moments the bot cannot act (it is waiting), so the pushes between
 * are applied in one go: a quiet bot costs about nothing per push.
 */
import type { Exchange } from '../../sandbox/exchange/exchange.js';
import type { VirtualClock } from '../virtual-clock.js';
import type { PullFeed } from './feed.js';

/** Virtual ms the bot is given after the end to return (its client's own waits, say) before it is left. */
export const GRACE_MS = 60_000;

export interface LoopOptions {
  readonly clock: VirtualClock;
  readonly exchange: Exchange;
  readonly feed: PullFeed;
  /** ms the bot starts at (the market is run up to it first). */
  readonly from: number;
  /** ms the run ends at. */
  readonly end: number;
  /** ms between two points of the equity curve. */
  readonly gridMs: number;
  readonly start: () => void;
  readonly sample: (t: number) => void;
  /** Called once at the end: aborts the bot's signal. */
  readonly stop: () => void;
  readonly done: () => boolean;
}

/** What the loop saw: how the bot ended relative to the run. */
export interface LoopEnd {
  /** False when the bot had not returned within the grace after the end. */
  readonly returned: boolean;
}

const idle = () => new Promise<void>((r) => setImmediate(r));

export async function runLoop(o: LoopOptions): Promise<LoopEnd> {
  const { clock, exchange, feed } = o;
  let started = false;
  let ended = false;
  let nextPoint = o.from;
  for (;;) {
    await idle();
    if (clock.busy()) continue;
    if (started && o.done()) return { returned: true };
    const timer = clock.next();
    if (ended) {
      // After the end: only the client's own waits run (the market stays as it ended).
      if (timer === undefined || timer > o.end + GRACE_MS) return { returned: false };
      clock.moveTo(timer);
      continue;
    }
    let target = Math.min(started ? (timer ?? Infinity) : o.from, nextPoint, o.end);
    target = Math.min(target, await feed.fillThrough(target));
    exchange.advance(target);
    if (!started && target >= o.from) {
      clock.moveTo(target);
      started = true;
      o.sample(target);
      nextPoint = o.from + o.gridMs;
      o.start();
      continue;
    }
    if (target >= nextPoint) {
      o.sample(target);
      nextPoint += o.gridMs;
    }
    clock.moveTo(target);
    if (target >= o.end && (clock.next() ?? Infinity) > o.end) {
      o.sample(target);
      ended = true;
      o.stop();
    }
  }
}
