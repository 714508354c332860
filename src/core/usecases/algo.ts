/**
 * The conditional orders' life, one use case for every face (the command line, `bm trade`, the library):
 * plan it, arm it where the face runs (its venue and account journaled with it), run it here or hand it
 * to a runner of its own, resume it, cancel it, list and show what this machine holds. A runner is the
 * proven holder of its journal (src/core/algo/store.ts); every runner, resume and cancel acts on the
 * venue and account the algo was armed on (src/core/algo/binding.ts), never the caller's own.
 */
import { BmError, usage } from '../../errors.js';
import { bindingOf, sameAccount, type AlgoBinding } from '../algo/binding.js';
import { bindingOfKept, cancelKept, spawnRunner, unbound } from '../algo/detached.js';
import { AlgoEngine, JournalWriteError } from '../algo/engine.js';
import { algoJournalPath } from '../algo/journal.js';
import type { AlgoState } from '../algo/machine.js';
import { boundFace, checkBound, nowhereFace, type AlgoPort } from '../algo/port.js';
import { endError, runSpec, type AlgoFace } from '../algo/run.js';
import type { AlgoKind, AlgoSpec } from '../algo/model/spec.js';
import { kindOf } from '../algo/kinds/index.js';
import type { Side } from '../../api/catalogue/vocab.js';
import { keptAlgo, keptAlgos, runnerOf, stopHere, type KeptAlgo } from '../algo/store.js';

export type { AlgoPort } from '../algo/port.js';
export type { AlgoFace } from '../algo/run.js';
export { endError } from '../algo/run.js';
export { dueIfMet, metLeg, planFor, planLines, planSummary } from '../algo/prepare.js';
export { planAlgo } from '../algo/plan.js';
export * from './algo-kinds.js';
export { runKept } from '../algo/detached.js';
export { algoFile } from '../algo/store.js';
export type { AlgoBinding } from '../algo/binding.js';
export type { AlgoKind, AlgoSpec, Leg, Trigger } from '../algo/model/spec.js';
export type { AlgoEnd, AlgoEvent, AlgoState, LegState, LegStatus } from '../algo/model/state.js';
export { keptAlgo, keptAlgos, type KeptAlgo } from '../algo/store.js';
import { firedOn, followersOf, noteMove } from '../algo/moves.js';
import type { FiredExit } from '../order/amend.js';

/**
 * What an amend tells the conditional orders that follow the order it replaces (a bracket's entry): that a
 * replacement is under way before the old order's cancel leaves, so they wait for it rather than end with
 * the old order, then the new order (or none); a line for each that follows, through `note`.
 */
export function followReplaced(env: Pick<AlgoPort, 'env'>['env'], symbol: string, note: (line: string) => void): { before(from: string): void; fired(from: string): FiredExit | undefined; after(from: string, to: string | undefined): void } {
  let ids: string[] = [];
  return {
    before: (from) => {
      ids = followersOf(env, symbol, from);
      noteMove(env, ids, from);
    },
    fired: (from) => firedOn(env, ids, from),
    after: (from, to) => {
      noteMove(env, ids, from, to ?? null);
      if (to !== undefined) for (const id of ids) note(`bm: conditional order ${id} follows the new order ${to} (it followed order ${from})`);
    },
  };
}

/**
 * Where `face` runs, as a binding to journal with an algo of kind `kind` armed there: its venue, and its
 * account unless the kind moves no money (an alert's legs act instead of placing: it needs no key).
 */
export function bindingHere(face: AlgoFace, kind: AlgoKind): Promise<AlgoBinding> {
  return bindingOf(face.calls.wiring.venue, face.calls.wiring.timeoutMs, face.command, kindOf(kind).act === undefined);
}

/** The same venue and account (a join never reaches across them). */
export function sameBinding(a: AlgoBinding | undefined, b: AlgoBinding): boolean {
  return a !== undefined && JSON.stringify(a.venue) === JSON.stringify(b.venue) && sameAccount(a.account, b.account);
}

/** The state an algo's journal has last (undefined before its first line). */
export const lastState = (k: KeptAlgo): AlgoState | undefined => k.record.lines.at(-1)?.st;

/** The side an algo shows: none for a kind that takes none (an alert keeps one in its spec for its trigger's direction). */
export function shownSide(spec: AlgoSpec): Side | undefined {
  return kindOf(spec.kind).sideOf ? undefined : spec.side;
}

/** What the life of a kept algo is now: its end, else `running` (a runner proven to hold it) or `stopped`. */
export function stateWord(k: KeptAlgo): string {
  return lastState(k)?.end ?? (k.runner !== undefined ? 'running' : 'stopped');
}

/**
 * Runs a confirmed algo in this process (the face's venue and account recorded in its journal) until it
 * ends or the face's signal; stopped first, its legs not fired are cancelled unless `keep`. `stop`: how a
 * cancel from this same process stops it (as its SIGTERM would: the face's own stop). A journal that
 * could not be written (a full disk) ends the run with what the venue proved: see {@link journalEnd}.
 */
export async function runHere(port: AlgoPort, face: AlgoFace, spec: AlgoSpec, keep = false, stop?: () => void): Promise<{ state: AlgoState; path: string; error?: BmError }> {
  const where = await bindingHere(face, spec.kind);
  try {
    return await runSpec(face, spec, keep, where, stop);
  } catch (err) {
    if (!(err instanceof JournalWriteError)) throw err;
    const error = journalEnd(port, err);
    return { state: err.state, path: algoJournalPath(port.env, spec.id), ...(error ? { error } : {}) };
  }
}

/**
 * What a run whose journal could not be written ends with: the venue's proof is said first (loudly), then
 * the error: none when the algo did all it had to (its order placed: exit 0), the leg's unknown outcome
 * (exit 11, with the lookup), its failure, or the journal's error (exit 5) naming what was placed.
 */
export function journalEnd(port: AlgoPort, err: JournalWriteError): BmError | undefined {
  port.warn(`bm: ${err.message}`);
  const { spec, state } = err;
  // A leg that may have left and is proven neither way: its outcome is unknown, and says how to look it up.
  const open = spec.legs.find((l) => state.legs[l.name]?.status === 'sending');
  if (open) {
    return new BmError('unknown', `${err.message}; leg ${open.name} may have been sent (client order id ${open.clientOrderId}): its outcome is unknown`, {
      hint: `look it up with: bm order get ${spec.symbol} --client-order-id ${open.clientOrderId}; once there is room, bm algo resume ${spec.id} settles it (never sent twice)`,
    });
  }
  const ended = endError(spec, state, `algo ${spec.id}`);
  if (ended && ended.category !== 'interrupted') return ended;
  return state.end ? undefined : err;
}

/** Arms a confirmed algo where `face` runs and hands it to a runner of its own; the armed state and the runner's pid. */
export async function armDetached(port: AlgoPort, face: AlgoFace, spec: AlgoSpec): Promise<{ state: AlgoState; pid: number }> {
  const where = await bindingHere(face, spec.kind);
  const clock = face.clock;
  const engine = AlgoEngine.start(spec, algoJournalPath(port.env, spec.id), { channel: face.channel, host: face.host, command: face.command, now: () => (clock ? clock.now() : Date.now()) }, where);
  const state = engine.state;
  await engine.close();
  return { state, pid: await spawnRunner(port, spec.id, where) };
}

/** Starts the runner of algo `id`, armed and not running (the Ctrl-C hand-over of a foreground run). */
export function detachArmed(port: AlgoPort, id: string): Promise<number> {
  const k = keptAlgo(port.env, id);
  return spawnRunner(port, id, bindingOfKept(id, k.record.where));
}

/** Throws (a usage error, exit 2) when algo `k` has ended: nothing to `verb`. */
export function notEnded(k: KeptAlgo, verb: 'resume' | 'cancel'): void {
  const end = lastState(k)?.end;
  if (end) throw usage(`algo ${verb}: ${k.id} has ${verb === 'cancel' ? 'already ' : ''}ended (${end})${verb === 'resume' ? ': nothing to resume' : ''}`, `see it with: bm algo show ${k.id}`);
}

/** A resume's answer: the runner started, or the one already running. */
export type Resumed = { readonly pid: number; readonly started: boolean };

/**
 * Starts a runner for algo `id` on the venue and account it was armed on; one already running is left
 * as it is. The account must be at hand here (the same profile's keys, or BM_API_* of the same key):
 * else exit 5 saying which, nothing started or sent.
 */
export async function resumeAlgo(port: AlgoPort, given: string): Promise<{ id: string } & Resumed> {
  const k = keptAlgo(port.env, given);
  const { id } = k;
  notEnded(k, 'resume');
  if (k.runner !== undefined) return { id, pid: k.runner, started: false };
  const where = bindingOfKept(id, k.record.where);
  await checkBound(boundFace(port, id, where, 'algo resume'));
  return { id, pid: await spawnRunner(port, id, where), started: true };
}

/** Resumes every armed algo of this machine that no runner holds; each one's answer, or why it was not resumed. */
export async function resumeAll(port: AlgoPort): Promise<Array<{ id: string } & (Resumed | { error: BmError })>> {
  const out: Array<{ id: string } & (Resumed | { error: BmError })> = [];
  for (const k of keptAlgos(port.env, (l) => port.warn(l))) {
    if (lastState(k)?.end || k.runner !== undefined) continue;
    try {
      out.push(await resumeAlgo(port, k.id));
    } catch (err) {
      if (!(err instanceof BmError)) throw err;
      out.push({ id: k.id, error: err });
    }
  }
  return out;
}

/**
 * Waits for the runner `pid` of algo `id`, asked to stop, to be done with it: until it lets go of the journal
 * (nothing is sent after that), or is gone (a runner killed holding it). Judged by the journal's lock and the
 * identity of its holder, not by the pid alone: a pid the system gave to another process meanwhile is no
 * runner. A placement it has in flight is answered (a request timeout) and proven (a lookup) first: twice
 * its timeout and ten seconds more.
 */
async function stopped(env: AlgoPort['env'], id: string, pid: number, timeoutMs: number): Promise<void> {
  const limit = 2 * timeoutMs + 10_000;
  const running = () => runnerOf(env, id) === pid;
  for (const end = Date.now() + limit; running() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
  if (running()) throw new BmError('network', `algo cancel: the runner of ${id} did not stop within ${Math.round(limit / 1000)} s; nothing was cancelled`, { hint: `try again, or see bm algo show ${id}` });
}

/**
 * Cancels a kept algo (confirmed by the face): its runner, proven to be one, stopped and gone first (a
 * process not proven its runner is never signalled), then the legs settled from the journal on the
 * algo's own venue and account (a leg being sent looked up) and the armed ones cancelled unsent.
 */
export async function cancelAlgo(port: AlgoPort, k: KeptAlgo, why: string): Promise<AlgoState> {
  notEnded(k, 'cancel');
  const pid = runnerOf(port.env, k.id);
  if (pid !== undefined) {
    // Run by this very process: stopped as its SIGTERM would stop it, without signalling the process.
    if (pid !== process.pid) process.kill(pid, 'SIGTERM');
    else if (!stopHere(port.env, k.id)) throw new BmError('internal', `algo cancel: ${k.id} is run by this process, which cannot stop it from here`);
    await stopped(port.env, k.id, pid, k.record.where?.timeoutMs ?? 10_000);
  }
  return cancelKept(cancelFace(port, k), port.env, k.id, why);
}

/**
 * The face a cancel settles legs with: the algo's own venue and account. An algo of an earlier bm names
 * none: cancelled only while no leg is being sent, with a face from which no request can leave.
 */
function cancelFace(port: AlgoPort, k: KeptAlgo): AlgoFace {
  if (k.record.where) return boundFace(port, k.id, k.record.where, 'algo cancel');
  const refused = (): never => {
    throw unbound(k.id);
  };
  if (Object.values(lastState(k)?.legs ?? {}).some((l) => l.status === 'sending')) refused();
  return nowhereFace(port, 'algo cancel', refused);
}
