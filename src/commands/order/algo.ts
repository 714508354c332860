/**
 * `bm order stop|take-profit|oco|trail|twap`: the conditional order planned and checked (exit 2 before
 * anything is sent), confirmed as any write, then run in the foreground by core (src/core/algo/) until
 * it fires; Ctrl-C asks (on a terminal) whether to leave it to a runner of its own, else cancels what
 * has not fired. `--detach`: its journal written and a runner of its own
 * started (`bm algo ...`). Prints a row per leg.
 */
import type { Context } from '../../context.js';
import { endError, planFor, planLines, planSummary, runSpec } from '../../core/algo/run.js';
import type { AlgoState } from '../../core/algo/machine.js';
import type { AlgoKind, AlgoSpec } from '../../core/algo/spec.js';
import type { Env } from '../../config/paths.js';
import { parseMaxDeviation } from '../../core/order/market-context.js';
import { checkSymbol } from '../../core/params.js';
import { BmError } from '../../errors.js';
import { show } from '../show.js';
import { currentChannel } from '../write/current.js';
import { legRows, LEG_COLUMNS } from './algo-rows.js';

/** The venue options a detached runner is started with: the ones this command was given. */
function venueArgs(ctx: Context): string[] {
  const g = ctx.globals;
  const pairs: Array<[string, string | undefined]> = [['--profile', g.profile], ['--base-url', g.baseUrl], ['--ws-url', g.wsUrl], ['--legacy-url', g.legacyUrl], ['--service', g.service], ['--timeout', g.timeout]];
  return [...(g.sandbox ? ['--sandbox'] : []), ...pairs.flatMap(([f, v]) => (v === undefined ? [] : [f, v]))];
}

/**
 * Arms a confirmed algo and hands it to a runner of its own (what `--detach` does, and `bm trade`
 * when it attaches a stop): its journal written, then the runner started with this command's venue
 * options. The armed state and the runner's pid.
 */
export async function startDetached(ctx: Context, env: Env, spec: AlgoSpec): Promise<{ state: AlgoState; pid: number }> {
  const [{ AlgoEngine }, { algoJournalPath }] = await Promise.all([import('../../core/algo/engine.js'), import('../../core/algo/journal.js')]);
  const engine = AlgoEngine.start(spec, algoJournalPath(env, spec.id), { channel: currentChannel(ctx), host: ctx, command: `order ${spec.kind}`, now: Date.now });
  const state = engine.state;
  await engine.close();
  return { state, pid: await spawnArmed(ctx, spec) };
}

async function detach(ctx: Context, env: Env, spec: AlgoSpec, print: (st?: AlgoState) => void): Promise<void> {
  const { state, pid } = await startDetached(ctx, env, spec);
  detachedNote(ctx, spec, pid);
  print(state);
}

async function spawnArmed(ctx: Context, spec: AlgoSpec): Promise<number> {
  const { spawnRunner } = await import('../../core/algo/detached.js');
  return spawnRunner(ctx.session.env, spec.id, venueArgs(ctx));
}

const detachedNote = (ctx: Context, spec: AlgoSpec, pid: number) =>
  ctx.note(`bm: algo ${spec.id}: running detached (pid ${pid}); follow it with: bm algo show ${spec.id}, bm algo logs ${spec.id}; stop it with: bm algo cancel ${spec.id}`);

/** Starts the runner of an algo whose journal is written. */
async function detachArmed(ctx: Context, spec: AlgoSpec, print: () => void): Promise<void> {
  detachedNote(ctx, spec, await spawnArmed(ctx, spec));
  print();
}

export async function run(ctx: Context, kind: AlgoKind, symbol: string, opts: Record<string, string | boolean | undefined>): Promise<void> {
  const command = `order ${kind}`;
  const input = {
    kind, symbol: checkSymbol(symbol), maxDeviation: parseMaxDeviation(opts.maxDeviation),
    ...Object.fromEntries(['side', 'size', 'notional', 'trigger', 'price', 'tpTrigger', 'tpPrice', 'stopTrigger', 'stopPrice', 'distance', 'over', 'slices'].flatMap((k) => (opts[k] === undefined ? [] : [[k, opts[k]]]))),
  };
  const face = { calls: await ctx.calls(), host: ctx, channel: currentChannel(ctx), command };
  const { spec } = await planFor(face, input);
  const lines = planLines(spec);
  const print = (state?: AlgoState) => show(ctx, { columns: LEG_COLUMNS }, legRows(spec, state), { rows: legRows(spec, state) });
  if (ctx.dryRun) {
    ctx.note([`dry run: ${planSummary(spec)}; nothing is watched or sent`, ...lines.map((l) => `  ${l}`)].join('\n'));
    return print();
  }
  await ctx.confirm(planSummary(spec), command, lines);
  if (opts.detach) return detach(ctx, face.calls.wiring.env, spec, print);
  const stop = new AbortController();
  let by: 'SIGINT' | 'SIGTERM' | undefined;
  const onInt = () => ((by = 'SIGINT'), stop.abort());
  const onTerm = () => ((by = 'SIGTERM'), stop.abort());
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  try {
    let { state } = await runSpec({ ...face, signal: stop.signal }, spec, true);
    if (!state.end && by === 'SIGTERM') {
      // Stopped from outside (bm algo cancel, a shutdown): the algo stays armed in its journal for whoever comes next.
      print(state);
      throw new BmError('terminated', `${command}: ${spec.id} stopped by SIGTERM; it stays armed`, { hint: `take it up again with: bm algo resume ${spec.id}; or cancel it with: bm algo cancel ${spec.id}` });
    }
    if (!state.end) {
      // Ctrl-C: on a terminal, leave it to a runner of its own, or cancel it.
      const [{ askYesNo }, { cancelKept }] = await Promise.all([import('../confirm.js'), import('../../core/algo/detached.js')]);
      if (await askYesNo(ctx, `Leave ${spec.kind} ${spec.id} running in the background (bm algo ...)?`)) return await detachArmed(ctx, spec, () => print(state));
      state = await cancelKept(face, face.calls.wiring.env, spec.id, 'stopped before it fired');
    }
    print(state);
    const err = endError(spec, state, command);
    if (err) throw err;
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
}
