/**
 * `client.algo.stop(...)` and the other conditional orders: the command line's core (src/core/algo/),
 * the same plan, checks, journal and engine, with a library call as its own confirmation. Resolves when
 * the algo has ended; a leg refused or unknown throws as any write (the same categories). Loaded on first use.
 */
import type { CurrentCalls } from '../core/calls.js';
import { endError, planFor, planLines, runHere, type AlgoPort } from '../core/usecases/algo.js';
import type { AlgoState } from '../core/algo/machine.js';
import type { AlgoKind, AlgoSpec } from '../core/algo/spec.js';
import type { WriteHost } from '../core/write/host.js';
import { checkSymbol } from '../core/params.js';
import { usage } from '../errors.js';
import { maxDeviationOf } from './deviation.js';
import { givenObject, inputText, refuseUnknown } from './inputs.js';
import { callOptions } from './options.js';
import type { AlgoLeg, AlgoResult } from './types-orders.js';
import { asLibraryInput } from './wire.js';

/** Library parameter -> the plan's input key. */
const KEYS: Readonly<Record<string, string>> = {
  symbol: 'symbol', side: 'side', size: 'size', notional: 'notional', trigger: 'trigger', price: 'price',
  tp_trigger: 'tpTrigger', tp_price: 'tpPrice', stop_trigger: 'stopTrigger', stop_price: 'stopPrice', distance: 'distance', over: 'over', slices: 'slices',
};

function result(spec: AlgoSpec, state: AlgoState | undefined, journal?: string): AlgoResult {
  const plan = planLines(spec);
  const legs: AlgoLeg[] = spec.legs.map((l, i) => {
    const s = state?.legs[l.name];
    return { leg: l.name, status: s?.status ?? 'planned', clientOrderId: l.clientOrderId, ...(s?.orderId ? { orderId: s.orderId } : {}), note: s ? (s.why ?? '') : plan[i]! };
  });
  return { id: spec.id, kind: spec.kind, symbol: spec.symbol, end: state?.end ?? 'planned', legs, ...(journal ? { journal } : {}) };
}

/** The library as the conditional orders' use cases see it: its notes, nothing asked of a person, the machine's sandbox found, never started. */
function libraryPort(calls: CurrentCalls, host: WriteHost): AlgoPort {
  const note = (line: string) => host.note(line);
  return { env: calls.wiring.env, host, warn: note, sink: { warn: note, note: () => undefined, canPrompt: false }, ownSandbox: false };
}

export async function runAlgoCall(calls: CurrentCalls, host: WriteHost, kind: AlgoKind, given: unknown, opts: unknown): Promise<AlgoResult> {
  const o = callOptions(opts, ['maxDeviation', 'signal']) as { dryRun?: boolean; maxDeviation?: unknown; signal?: unknown };
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) throw usage('signal: give an AbortSignal');
  const maxDeviation = o.maxDeviation === undefined ? undefined : maxDeviationOf(o.maxDeviation);
  const obj = givenObject(given, Object.keys(KEYS).join(', '));
  refuseUnknown(Object.keys(KEYS), obj);
  const input: Record<string, string> = {};
  for (const [name, v] of Object.entries(obj)) if (v !== undefined) input[KEYS[name]!] = inputText(name, name === 'slices' ? 'whole' : 'text', v);
  const symbol = asLibraryInput(() => checkSymbol(input.symbol ?? '', 'symbol'));
  const command = `algo.${kind === 'take-profit' ? 'takeProfit' : kind}`;
  const face = { calls, host, channel: calls.channel(async () => undefined), command, ...(o.signal ? { signal: o.signal as AbortSignal } : {}) };
  const { spec } = await asLibraryInput(() => planFor(face, { ...input, kind, symbol, ...(maxDeviation !== undefined ? { maxDeviation } : {}) }));
  if (o.dryRun) return result(spec, undefined);
  const { state, path, error } = await runHere(libraryPort(calls, host), face, spec);
  if (error) throw error;
  const err = endError(spec, state, command);
  // Stopped by the caller's signal: what it did is the answer, not an error.
  if (err && !(err.category === 'interrupted' && o.signal)) throw err;
  return result(spec, state, path);
}
