/**
 * A conditional order from what a face was given to its end, the same for the command line and the
 * library: planned against the pair's rules (nothing sent before every input is checked), its plan in
 * lines, its engine journaled under the state dir and run on live data, and its end as an error when
 * it did not do what it was asked.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { BmError, type Category } from '../../errors.js';
import type { CurrentCalls } from '../calls.js';
import { systemClock, type WaitClock } from '../../util/clock.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';
import type { AlgoBinding } from './binding.js';
import { AlgoEngine } from './engine.js';
import type { EngineDeps, ResumeFor } from './engine-deps.js';
import { readFill, watchFills } from './follow.js';
import { entryMoves } from './moves.js';
import { algoJournalPath } from './journal.js';
import type { AlgoState } from './machine.js';
import { firstFillTime, gapCandles, recentTrades, venueNow } from './market.js';
import { runAlgo } from './runner.js';
import { holdAlgo } from './store.js';
import type { AlgoSpec } from './model/spec.js';
import { tradeStream } from './stream.js';

/** What a face gives an algo: its calls (REST, the venue's WebSocket address), a write host and channel. */
export interface AlgoFace {
  readonly calls: CurrentCalls;
  readonly host: WriteHost;
  readonly channel: WriteChannel<Endpoint>;
  /** The command, for messages (`order stop`). */
  readonly command: string;
  readonly clock?: WaitClock;
  /** Stops watching: the armed legs are cancelled, unsent. */
  readonly signal?: AbortSignal;
}

/** Watches live data for `engine` until its algo ends or the face's signal: the trade stream, the REST fallback, the candles of a gap. */
export function watchLive(face: AlgoFace, engine: AlgoEngine, resumed: boolean): Promise<AlgoState> {
  const { calls } = face;
  const { symbol } = engine.spec;
  const src = { calls: async () => calls };
  const clock = face.clock ?? systemClock;
  const note = (l: string) => face.host.note(l);
  return runAlgo({
    engine, clock, resumed, note, ...(face.signal ? { signal: face.signal } : {}),
    stream: tradeStream(calls.wiring, symbol),
    recent: () => recentTrades(src, symbol),
    candles: (from, to) => gapCandles(src, symbol, from, to),
    venueNow: () => venueNow(calls),
    // What filled of a leg others follow (a bracket's entry) arms them: read while the algo runs.
    follow: (feed) => watchFills({ watched: () => engine.watched(), feed }, (id) => readFill(face.channel, symbol, id), clock, note, (from) => entryMoves(calls.wiring.env).to(engine.spec.id, from)),
    fillTime: (orderId) => firstFillTime(src, symbol, orderId),
  });
}

/** The engine's deps from a face: its clock, its signal stopping a firing at its next wait, and the amends of what it follows. */
function engineDeps(face: AlgoFace): EngineDeps {
  const clock = face.clock ?? systemClock;
  return { channel: face.channel, host: face.host, command: face.command, now: () => clock.now(), moves: entryMoves(face.calls.wiring.env), ...(face.signal ? { signal: face.signal } : {}) };
}

/** The engine of an algo journaled at `path`, resumed on the face's clock, to run on or to cancel. */
export function resumeEngine(face: AlgoFace, path: string, purpose: ResumeFor = 'run'): Promise<AlgoEngine> {
  return AlgoEngine.resume(path, engineDeps(face), purpose);
}

/**
 * Runs a planned algo on live data to its end (or the signal), in this process as its runner; the engine's
 * journal under the state dir, with where it runs (`where`). Stopped by the signal before it ended, its legs not fired are cancelled,
 * unless `keep` (the caller then decides: a runner of its own, or `cancelKept`).
 */
export async function runSpec(face: AlgoFace, spec: AlgoSpec, keep: boolean, where: AlgoBinding, stop?: () => void): Promise<{ state: AlgoState; path: string }> {
  const { env } = face.calls.wiring;
  const release = holdAlgo(env, spec.id, stop);
  try {
    const engine = AlgoEngine.start(spec, algoJournalPath(env, spec.id), engineDeps(face), where);
    face.host.note(`bm: algo ${spec.id}: armed; journal ${engine.path}`);
    try {
      const state = await watchLive(face, engine, false);
      if (!state.end && !keep) await engine.cancel('stopped before it fired');
    } finally {
      // A firing the signal stopped ends at its next wait: nothing is sent once the lock is let go.
      await engine.close();
    }
    // The state once that firing ended, not when the watching stopped.
    return { state: engine.state, path: engine.path };
  } finally {
    release();
  }
}

/** The error an algo's end is, when it did not do what it was asked: unknown (11), partial (9), or its failure's category. */
export function endError(spec: AlgoSpec, state: AlgoState, command: string): BmError | undefined {
  const legs = Object.entries(state.legs);
  const placed = legs.filter(([, l]) => l.status === 'placed').length;
  const unknown = legs.find(([, l]) => l.status === 'unknown');
  const failed = legs.find(([, l]) => l.status === 'failed');
  const hint = `see what the venue holds with: bm order list ${spec.symbol}; each leg's client order id starts with ${spec.id}`;
  if (unknown) return new BmError('unknown', `${command}: ${spec.id} leg ${unknown[0]}: ${unknown[1].why ?? 'outcome unknown'}`, { hint: `look it up with: bm order get ${spec.symbol} --client-order-id ${spec.legs.find((l) => l.name === unknown[0])!.clientOrderId}` });
  if (failed) {
    const category: Category = placed > 0 ? 'partial' : ((failed[1].category as Category | undefined) ?? 'venue');
    return new BmError(category, `${command}: ${spec.id} leg ${failed[0]} failed: ${failed[1].why ?? ''}${placed ? ` (${placed} leg${placed === 1 ? '' : 's'} placed)` : ''}`, { hint });
  }
  // Cancelled by its own course (the other leg of a group fired, the order it followed ended unfilled): not stopped.
  if (legs.some(([, l]) => l.status === 'cancelled' && l.cause === undefined)) {
    return new BmError('interrupted', `${command}: ${spec.id} stopped before ${placed ? 'every leg fired' : 'it fired'}: ${placed ? `${placed} leg${placed === 1 ? '' : 's'} placed, the rest never sent` : 'nothing was sent'}`);
  }
  return undefined;
}
