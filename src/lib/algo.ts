/**
 * `client.algo`: the conditional orders of the command line's core use case (src/core/usecases/algo.ts),
 * the same plan, checks, journal, engine and runners, with a library call as its own confirmation. A kind's
 * method (one per kind of the registry, src/core/algo/kinds/) resolves when the algo has ended, or once a
 * runner of its own holds it (`detach`); `list`, `show`, `resume` and `cancel` act on what this machine
 * holds. A leg refused or unknown throws as any write (the same categories). Loaded on first use.
 */
import type { CurrentCalls } from '../core/usecases/session.js';
import { type AlgoPort, type AlgoSpec, type AlgoState, armDetached, cancelAlgo, commonInputs, endError, type KeptAlgo, keptAlgo, keptAlgos, KINDS, lastState, paramName, planFor, planLines, resumeAlgo, runHere, shownSide, stateWord } from '../core/usecases/algo.js';
import type { WriteHost } from '../core/usecases/session.js';
import { checkSymbol } from '../core/usecases/params.js';
import { usage } from '../errors.js';
import { maxDeviationOf } from './deviation.js';
import { givenObject, inputText, refuseUnknown } from './inputs.js';
import { callOptions } from './options.js';
import type { AlgoLeg, AlgoListed, AlgoResult } from './types-orders.js';
import { asLibraryInput } from './wire.js';

function result(spec: AlgoSpec, state: AlgoState | undefined, extra: { journal?: string; runner?: number; armed?: boolean } = {}): AlgoResult {
  const plan = planLines(spec);
  const legs: AlgoLeg[] = spec.legs.map((l, i) => {
    const s = state?.legs[l.name];
    const fired = s?.at !== undefined ? { price: s.price ?? '', firedAt: new Date(s.at).toISOString() } : {};
    return { leg: l.name, status: s?.status ?? 'planned', clientOrderId: l.clientOrderId, ...(s?.orderId ? { orderId: s.orderId } : {}), ...fired, note: s ? (s.why ?? '') : plan[i]! };
  });
  const end = state?.end ?? (extra.armed ? 'armed' : 'planned');
  return { id: spec.id, kind: spec.kind, symbol: spec.symbol, end, legs, ...(extra.journal ? { journal: extra.journal } : {}), ...(extra.runner !== undefined ? { runner: extra.runner } : {}) };
}

function listed(k: KeptAlgo): AlgoListed {
  const { spec } = k.record;
  const side = shownSide(spec);
  return { ...result(spec, lastState(k), { journal: k.path, ...(k.runner !== undefined ? { runner: k.runner } : {}) }), ...(side ? { side } : {}), state: stateWord(k) as AlgoListed['state'], created: new Date(spec.created).toISOString() };
}

/**
 * The library as the use cases see it: its notes, nothing asked of a person, the machine's sandbox found
 * (never started); a runner it starts gets the client's own credentials when the program gave them.
 */
async function libraryPort(calls: CurrentCalls, host: WriteHost): Promise<AlgoPort> {
  const note = (line: string) => host.note(line);
  const { venue } = calls.wiring;
  const given = venue.origin === undefined || venue.origin().account.from === 'given' ? await venue.credentials() : undefined;
  const keys = given ? { BM_API_KEY: given.key, BM_API_SECRET: given.secret, BM_API_MEMO: given.memo } : {};
  return { env: { ...calls.wiring.env, ...keys }, host, warn: note, sink: { warn: note, note: () => undefined, canPrompt: false }, ownSandbox: false };
}

/** `client.algo.<method>(params, opts)` of a kind: planned, checked, then run here to its end, or handed to a runner (`detach`). */
export async function runAlgoCall(calls: CurrentCalls, host: WriteHost, method: string, given: unknown, opts: unknown): Promise<AlgoResult> {
  const kind = KINDS.find((k) => k.method === method);
  if (!kind) throw usage(`algo.${method}: not a kind of conditional order (${KINDS.map((k) => k.method).join(', ')}), nor list, show, resume or cancel`);
  const o = callOptions(opts, ['maxDeviation', 'signal', 'detach', 'immediate']) as { dryRun?: boolean; maxDeviation?: unknown; signal?: unknown; detach?: unknown; immediate?: unknown };
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) throw usage('signal: give an AbortSignal');
  for (const k of ['detach', 'immediate'] as const) if (o[k] !== undefined && typeof o[k] !== 'boolean') throw usage(`${k}: true or false`);
  const maxDeviation = o.maxDeviation === undefined ? undefined : maxDeviationOf(o.maxDeviation);
  const keys = ['symbol', ...commonInputs(kind), ...kind.inputs.map((i) => i.key)];
  const byParam = new Map(keys.map((k) => [paramName(k), k]));
  const obj = givenObject(given, [...byParam.keys()].join(', '));
  refuseUnknown([...byParam.keys()], obj);
  const typeOf = (key: string) => kind.inputs.find((i) => i.key === key)?.type;
  const input: Record<string, string> = {};
  for (const [name, v] of Object.entries(obj)) {
    const t = typeOf(byParam.get(name)!);
    if (v !== undefined) input[byParam.get(name)!] = inputText(name, t === 'whole' || t === 'id' ? 'whole' : 'text', v);
  }
  const symbol = asLibraryInput(() => checkSymbol(input.symbol ?? '', 'symbol'));
  const command = `algo.${method}`;
  // Stopped by the caller's signal, or by client.algo.cancel from this same process.
  const stop = new AbortController();
  (o.signal as AbortSignal | undefined)?.addEventListener('abort', () => stop.abort(), { once: true });
  if ((o.signal as AbortSignal | undefined)?.aborted) stop.abort();
  const face = { calls, host, channel: calls.channel(async () => undefined), command, signal: stop.signal };
  const { spec } = await asLibraryInput(() => planFor(face, { ...input, kind: kind.kind, symbol, ...(maxDeviation !== undefined ? { maxDeviation } : {}) }, paramName, o.immediate === true));
  if (o.dryRun) return result(spec, undefined);
  const port = await libraryPort(calls, host);
  if (o.detach) {
    const { state, pid } = await armDetached(port, face, spec);
    return result(spec, state, { armed: true, runner: pid, journal: keptAlgo(port.env, spec.id).path });
  }
  const { state, path, error } = await runHere(port, face, spec, false, () => stop.abort());
  if (error) throw error;
  const err = endError(spec, state, command);
  // Stopped by the caller's signal: what it did is the answer, not an error.
  if (err && !(err.category === 'interrupted' && o.signal)) throw err;
  return result(spec, state, { journal: path });
}

/** `client.algo.list()`, `show(id)`, `resume(id)`, `cancel(id)`: what this machine holds. */
export async function lifecycleCall(calls: CurrentCalls, host: WriteHost, what: 'list' | 'show' | 'resume' | 'cancel', id: unknown): Promise<AlgoListed[] | AlgoListed | AlgoResult> {
  const env = calls.wiring.env;
  if (what === 'list') return keptAlgos(env, (l) => host.note(l)).map(listed);
  if (typeof id !== 'string' || id === '') throw usage(`algo.${what}: give the algo's id (or 'last')`);
  if (what === 'show') return listed(keptAlgo(env, id));
  const port = await libraryPort(calls, host);
  if (what === 'resume') {
    const r = await resumeAlgo(port, id);
    return listed(keptAlgo(env, r.id));
  }
  const k = keptAlgo(env, id);
  return result(k.record.spec, await cancelAlgo(port, k, `cancelled with client.algo.cancel`), { journal: k.path });
}
