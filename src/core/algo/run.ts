/**
 * A conditional order from what a face was given to its end, the same for the command line and the
 * library: planned against the pair's rules (nothing sent before every input is checked), its plan in
 * lines, its engine journaled under the state dir and run on live data, and its end as an error when
 * it did not do what it was asked.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { BmError, type Category } from '../../errors.js';
import type { CurrentCalls } from '../calls.js';
import { systemClock, type WaitClock } from '../order/deadline.js';
import { pairRules, type PairRules } from '../order/pairs.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';
import { AlgoEngine } from './engine.js';
import { algoJournalPath } from './journal.js';
import type { AlgoState } from './machine.js';
import { gapCandles, recentTrades, venueNow } from './market.js';
import { flagName, planAlgo, readInput, type AlgoInput, type NameOf } from './plan.js';
import { runAlgo } from './runner.js';
import { holdAlgo } from './store.js';
import type { AlgoSpec } from './spec.js';
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

/** The pair's rules read and the algo planned; throws a usage error before anything is sent. */
export async function planFor(face: Pick<AlgoFace, 'calls' | 'clock'>, input: AlgoInput, nameOf: NameOf = flagName): Promise<{ spec: AlgoSpec; rules: PairRules }> {
  const { calls } = face;
  // What the pair's rules do not decide is checked before the first request.
  readInput(input, nameOf);
  const rules = await pairRules({ env: calls.wiring.env, baseUrl: () => calls.wiring.venue.baseUrl(), calls: async () => calls }, input.symbol);
  return { spec: planAlgo(input, rules, (face.clock ?? systemClock).now(), nameOf), rules };
}

const WHEN: Readonly<Record<'down' | 'up', string>> = { down: 'at or below', up: 'at or above' };

/** The plan in lines: what fires each leg and what it places. */
export function planLines(spec: AlgoSpec): string[] {
  return spec.legs.map((l) => {
    const when = l.due !== undefined ? `at ${new Date(l.due).toISOString()}`
      : l.trigger ? `when a trade is ${WHEN[l.trigger.dir]} ${l.trigger.level}`
        : `when a trade is ${spec.distance && 'pct' in spec.distance ? `${spec.distance.pct}%` : spec.distance?.abs} ${spec.side === 'sell' ? 'below the highest' : 'above the lowest'} price seen`;
    return `${l.name}: ${when}: ${l.what} (client order id ${l.clientOrderId})`;
  });
}

/** One line for the confirmation. */
export function planSummary(spec: AlgoSpec): string {
  return `Run ${spec.kind} ${spec.id} on ${spec.symbol} (${spec.legs.length} leg${spec.legs.length === 1 ? '' : 's'}, held by bm until it fires)`;
}

/** Watches live data for `engine` until its algo ends or the face's signal: the trade stream, the REST fallback, the candles of a gap. */
export function watchLive(face: AlgoFace, engine: AlgoEngine, resumed: boolean): Promise<AlgoState> {
  const { calls } = face;
  const { symbol } = engine.spec;
  const src = { calls: async () => calls };
  return runAlgo({
    engine, clock: face.clock ?? systemClock, resumed, note: (l) => face.host.note(l), ...(face.signal ? { signal: face.signal } : {}),
    stream: tradeStream(calls.wiring, symbol),
    recent: () => recentTrades(src, symbol),
    candles: (from, to) => gapCandles(src, symbol, from, to),
    venueNow: () => venueNow(calls),
  });
}

/** The engine of an algo journaled at `path`, resumed on the face's clock. */
export function resumeEngine(face: AlgoFace, path: string): Promise<AlgoEngine> {
  const clock = face.clock ?? systemClock;
  return AlgoEngine.resume(path, { channel: face.channel, host: face.host, command: face.command, now: () => clock.now() });
}

/**
 * Runs a planned algo on live data to its end (or the signal), in this process as its runner; the engine's
 * journal under the state dir. Stopped by the signal before it ended, its legs not fired are cancelled,
 * unless `keep` (the caller then decides: a runner of its own, or `cancelKept`).
 */
export async function runSpec(face: AlgoFace, spec: AlgoSpec, keep = false): Promise<{ state: AlgoState; path: string }> {
  const { env } = face.calls.wiring;
  const clock = face.clock ?? systemClock;
  const release = holdAlgo(env, spec.id);
  try {
    const engine = AlgoEngine.start(spec, algoJournalPath(env, spec.id), { channel: face.channel, host: face.host, command: face.command, now: () => clock.now() });
    face.host.note(`bm: algo ${spec.id}: armed; journal ${engine.path}`);
    try {
      let state = await watchLive(face, engine, false);
      if (!state.end && !keep) {
        await engine.cancel('stopped before it fired');
        state = engine.state;
      }
      return { state, path: engine.path };
    } finally {
      engine.close();
    }
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
  if (state.end === 'cancelled' || legs.some(([, l]) => l.status === 'cancelled' && spec.kind !== 'oco')) {
    return new BmError('interrupted', `${command}: ${spec.id} stopped before ${placed ? 'every leg fired' : 'it fired'}: ${placed ? `${placed} leg${placed === 1 ? '' : 's'} placed, the rest never sent` : 'nothing was sent'}`);
  }
  return undefined;
}
