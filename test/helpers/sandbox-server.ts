/** Starts the real sandbox server on port 0 for one test file, on a clock the test can move; its log lines are kept, not printed. */
import { after, before } from 'node:test';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { passWindowsWith } from './signed.js';

export interface Harness {
  readonly sandbox: () => RunningSandbox;
  readonly base: () => string;
  readonly log: string[];
  /** Moves the sandbox's clock forward by `ms` (a rate window passes without waiting for it). */
  readonly skip: (ms: number) => void;
  /**
   * Stops the sandbox's clock until the returned function is called (it then runs on from where it was):
   * every request meanwhile falls in one rate window, however slow the machine.
   */
  readonly hold: () => () => void;
}

/**
 * `strict`: the sandbox of `bm sandbox serve --strict` (the spec's letter where the venue was looser).
 * `warm`: the market has its 20 s of simulated trading behind it at the first answer (trades on the
 * tapes); without it the sandbox answers at once, its book quoted and no trade yet.
 * `service`: the WebSocket login constant's service (`--service`; default `exchange`).
 * The simulated market is held where it starts (a trade happens only when an account trades), however long
 * the file takes, unless `moving`: a test's outcome then never depends on how far the market went, and a
 * sandbox nobody moves costs no CPU (a moving one about 12 ms a second). The venue's own time still runs.
 */
export function useSandbox(seed = 11, opts: { readonly strict?: boolean; readonly warm?: boolean; readonly service?: string; readonly moving?: boolean } = {}): Harness {
  let s: RunningSandbox | undefined;
  const log: string[] = [];
  let offset = 0;
  let heldAt: number | undefined;
  const clock = () => heldAt ?? Date.now() + offset;
  const hold = () => {
    heldAt ??= clock();
    const from = Date.now();
    return () => {
      if (heldAt === undefined) return;
      offset -= Date.now() - from;
      heldAt = undefined;
    };
  };
  before(async () => {
    s = await startServer({
      port: 0, seed, log: (l) => log.push(l), clock,
      ...(opts.moving ? {} : { marketClock: ((at) => () => at)(Date.now()) }),
      ...(opts.strict ? { strict: true } : {}), ...(opts.warm ? {} : { warmUpMs: 0 }), ...(opts.service ? { service: opts.service } : {}),
    });
    passWindowsWith(s.url, (ms) => void (offset += ms));
  });
  after(async () => {
    await s?.close();
    // The file's module lives as long as its process, which runs other files after it (a pool): the venue's
    // books, orders and candles are let go with it.
    s = undefined;
  });
  return { sandbox: () => s!, base: () => s!.url, log, skip: (ms) => void (offset += ms), hold };
}

/**
 * The sandbox of `bm sandbox serve --strict --warm-up 0`, in this process: ready at once, its book quoted
 * and no trade yet. `still`: its simulated market held still, so the book stays as quoted and a trade
 * happens only when an account trades, however fast the machine is. The venue's own time (signed
 * timestamps, rate windows, push cadence) runs on the system clock. Whatever talks to it must leave this
 * process's event loop free (`bmAsync` or `runBm`, not `bm`).
 */
export async function startReadySandbox(seed?: number, opts: { readonly still?: boolean } = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const held = Date.now();
  const s = await startServer({
    port: 0, ...(seed !== undefined ? { seed } : {}), strict: true, warmUpMs: 0, log: () => {},
    ...(opts.still ? { marketClock: () => held } : {}),
  });
  return { url: s.url, stop: () => s.close() };
}

/** {@link startReadySandbox} with its simulated market held still. */
export const startStillSandbox = (seed: number) => startReadySandbox(seed, { still: true });
