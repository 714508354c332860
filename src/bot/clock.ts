/**
 * A bot's clock over a wait clock (util/clock.ts): the system's live, the backtest's virtual one in a
 * backtest. Sleeping ends early, rejecting with the signal's reason, when the bot is stopped; `every`
 * ends its loop then.
 */
import type { WaitClock } from '../util/clock.js';
import type { BotClock } from '../lib/types-bots.js';

export type { BotClock } from '../lib/types-bots.js';

function checkMs(ms: unknown, what: string): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new RangeError(`clock.${what}: give a number of ms, 0 or more (got ${String(ms)})`);
  return ms;
}

/** The clock a bot is given, on `wait`, stopping with `signal`. */
export function botClock(wait: WaitClock, signal: AbortSignal): BotClock {
  const sleep = (ms: number) => new Promise<void>((resolve, reject) => {
    checkMs(ms, 'sleep');
    if (signal.aborted) return reject(signal.reason);
    const stop = () => {
      cancel();
      reject(signal.reason);
    };
    const cancel = wait.timer(ms, () => {
      signal.removeEventListener('abort', stop);
      resolve();
    });
    signal.addEventListener('abort', stop, { once: true });
  });
  return {
    now: () => wait.now(),
    sleep,
    async *every(ms: number) {
      if (checkMs(ms, 'every') === 0) throw new RangeError('clock.every: give a period of more than 0 ms');
      const start = wait.now();
      for (let next = start; !signal.aborted; ) {
        const now = wait.now();
        if (now < next) {
          try {
            await sleep(next - now);
          } catch {
            return;
          }
        }
        yield wait.now();
        next = start + (Math.floor((wait.now() - start) / ms) + 1) * ms;
      }
    },
  };
}
