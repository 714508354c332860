/**
 * `bm order stop|take-profit|oco|trail|twap`: the conditional order planned and checked (exit 2 before
 * anything is sent), confirmed as any write, then run in the foreground by the core's use case
 * (src/core/usecases/algo.ts) until it fires; Ctrl-C asks (on a terminal) whether to leave it to a runner
 * of its own, else cancels what has not fired. `--detach`: armed and handed to a runner of its own
 * (`bm algo ...`). Prints a row per leg.
 */
import type { Context } from '../../context.js';
import { type AlgoSpec, type AlgoState, armDetached, cancelAlgo, detachArmed, endError, keptAlgo, planFor, planLines, planSummary, runHere } from '../../core/usecases/algo.js';
import { parseMaxDeviation } from '../../core/usecases/order-parse.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { BmError } from '../../errors.js';
import { show } from '../show.js';
import { algoFace, algoPort } from '../algo-port.js';
import { legRows, LEG_COLUMNS } from '../algo-rows.js';

const detachedNote = (ctx: Context, spec: AlgoSpec, pid: number) =>
  ctx.note(`bm: algo ${spec.id}: running detached on this machine (pid ${pid}); follow it with: bm algo show ${spec.id}, bm algo logs ${spec.id}; stop it with: bm algo cancel ${spec.id}`);

export async function run(ctx: Context, kind: string, symbol: string, opts: Record<string, string | boolean | undefined>): Promise<void> {
  const command = `order ${kind}`;
  const { detach, immediate, maxDeviation, ...given } = opts;
  const input = {
    ...Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => typeof e[1] === 'string')),
    kind, symbol: checkSymbol(symbol), maxDeviation: parseMaxDeviation(maxDeviation),
  };
  const port = algoPort(ctx);
  const face = await algoFace(ctx, command);
  const { spec } = await planFor(face, input, undefined, Boolean(immediate));
  const lines = planLines(spec);
  const print = (state?: AlgoState) => show(ctx, { columns: LEG_COLUMNS }, legRows(spec, state), { rows: legRows(spec, state) });
  if (ctx.dryRun) {
    ctx.note([`dry run: ${planSummary(spec)}; nothing is watched or sent`, ...lines.map((l) => `  ${l}`)].join('\n'));
    return print();
  }
  await ctx.confirm(planSummary(spec), command, lines);
  if (detach) {
    const { state, pid } = await armDetached(port, face, spec);
    detachedNote(ctx, spec, pid);
    return print(state);
  }
  const stop = new AbortController();
  let by: 'SIGINT' | 'SIGTERM' | undefined;
  const onInt = () => ((by = 'SIGINT'), stop.abort());
  const onTerm = () => ((by = 'SIGTERM'), stop.abort());
  ctx.signals.once('SIGINT', onInt);
  ctx.signals.once('SIGTERM', onTerm);
  try {
    const ran = await runHere(port, { ...face, signal: stop.signal }, spec, true, onTerm);
    let { state } = ran;
    if (ran.error) {
      print(state);
      throw ran.error;
    }
    if (!state.end && by === 'SIGTERM') {
      // Stopped from outside (bm algo cancel, a shutdown): the algo stays armed in its journal for whoever comes next.
      print(state);
      throw new BmError('terminated', `${command}: ${spec.id} stopped from outside (SIGTERM, bm algo cancel); it stays armed, and nothing watches it until it is resumed or cancelled`, { hint: `take it up again with: bm algo resume ${spec.id}; or cancel it with: bm algo cancel ${spec.id}` });
    }
    if (!state.end) {
      // Ctrl-C: on a terminal, leave it to a runner of its own, or cancel it.
      const { askYesNo } = await import('../../render/confirm.js');
      if (await askYesNo(ctx, `Leave ${spec.kind} ${spec.id} running in the background (bm algo ...)?`)) {
        detachedNote(ctx, spec, await detachArmed(port, spec.id));
        return print(state);
      }
      state = await cancelAlgo(port, keptAlgo(port.env, spec.id), 'stopped before it fired');
    }
    print(state);
    const err = endError(spec, state, command);
    if (err) throw err;
  } finally {
    ctx.signals.off('SIGINT', onInt);
    ctx.signals.off('SIGTERM', onTerm);
  }
}
