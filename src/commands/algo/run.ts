/**
 * `bm algo list|show|logs|cancel|resume|run`: the conditional orders kept on this machine, through the
 * core's use case (src/core/usecases/algo.ts): each runs on the venue and account it was armed on, and
 * a runner is the proven holder of its journal.
 */
import type { Context } from '../../context.js';
import { algoFile, cancelAlgo, keptAlgo, keptAlgos, lastState, notEnded, resumeAlgo, resumeAll, runKept, shownSide, stateWord } from '../../core/usecases/algo.js';
import { BmError } from '../../errors.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { show } from '../show.js';
import { algoPort } from '../algo-port.js';
import { legRows, LEG_COLUMNS } from '../algo-rows.js';

const print = (ctx: Context, columns: readonly string[], rows: Array<Record<string, string>>) => show(ctx, { columns }, rows, { rows });

export async function list(ctx: Context): Promise<void> {
  const rows = keptAlgos(ctx.session.env, (l) => ctx.note(l)).map((k) => {
    const st = lastState(k);
    const legs = Object.entries(st?.legs ?? {}).map(([n, l]) => `${n}:${l.status}`).join(' ');
    const { spec } = k.record;
    // Why it failed (the venue's code and message), is unknown, or waits on a busy venue: the first leg that says.
    const said = Object.entries(st?.legs ?? {}).find(([, l]) => ['failed', 'unknown', 'sending'].includes(l.status) && l.why);
    const note = said ? `${said[0]}: ${said[1].why}` : '';
    return { algo: k.id, kind: spec.kind, symbol: spec.symbol, side: shownSide(spec) ?? '', state: stateWord(k), runner: k.runner === undefined ? '' : String(k.runner), legs, created: new Date(spec.created).toISOString(), note };
  });
  print(ctx, LOCAL_COLUMNS['algo list'], rows);
}

export async function show_(ctx: Context, given: string): Promise<void> {
  const k = keptAlgo(ctx.session.env, given);
  const { id } = k;
  ctx.note(`bm: algo ${id}: ${stateWord(k)}${k.runner !== undefined ? ` (runner pid ${k.runner})` : ''}; journal ${k.path}`);
  print(ctx, LEG_COLUMNS, legRows(k.record.spec, lastState(k)));
}
export { show_ as show };

export async function logs(ctx: Context, given: string): Promise<void> {
  const k = keptAlgo(ctx.session.env, given);
  const rows = k.record.lines.flatMap((l) => l.notes.map((note) => ({ time: new Date(l.at).toISOString(), note })));
  print(ctx, ['time', 'note'], rows);
  ctx.note(`bm: the runner's own log: ${algoFile(ctx.session.env, k.id, 'log')}`);
}

export async function cancel(ctx: Context, given: string): Promise<void> {
  const k = keptAlgo(ctx.session.env, given);
  const { spec } = k.record;
  notEnded(k, 'cancel');
  await ctx.confirm(`Cancel ${spec.kind} ${k.id} on ${spec.symbol} (legs not yet fired are never sent)`, 'algo cancel');
  if (ctx.dryRun) return;
  const st = await cancelAlgo(algoPort(ctx), k, 'cancelled with bm algo cancel');
  print(ctx, LEG_COLUMNS, legRows(spec, st));
}

export async function resume(ctx: Context, given: string | undefined, opts: { all?: boolean }): Promise<void> {
  const port = algoPort(ctx);
  if (opts.all === (given !== undefined)) throw new BmError('usage', 'algo resume: give one ID, or --all (every armed algo no runner holds)');
  if (ctx.dryRun) return ctx.note(`dry run: would start the runner of ${given ?? 'every armed algo no runner holds'}`);
  if (opts.all) {
    const done = await resumeAll(port);
    for (const r of done) ctx.note('error' in r ? `bm: algo ${r.id}: not resumed: ${r.error.message}${r.error.details.hint ? ` (${r.error.details.hint})` : ''}` : `bm: algo ${r.id}: runner started (pid ${r.pid})`);
    if (!done.length) ctx.note('bm: no armed algo without a runner: nothing to resume');
    await list(ctx);
    const failed = done.filter((r) => 'error' in r);
    if (failed.length) throw new BmError('config', `algo resume --all: ${failed.length} of ${done.length} not resumed (${failed.map((r) => r.id).join(', ')})`, { hint: 'each one is named above with why' });
    return;
  }
  const r = await resumeAlgo(port, given!);
  ctx.note(r.started ? `bm: algo ${r.id}: runner started (pid ${r.pid}); see it with: bm algo show ${r.id}` : `bm: algo ${r.id}: already running (runner pid ${r.pid})`);
  await list(ctx);
}

/** The detached runner itself: until the algo ends, or SIGTERM/SIGINT stop the runner (the algo stays armed). */
export async function run(ctx: Context, id: string): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  for (const s of ['SIGTERM', 'SIGINT'] as const) process.once(s, onSignal);
  // Out of the terminal's reach: a hang-up is not a reason to stop protecting a position.
  process.on('SIGHUP', () => undefined);
  try {
    const st = await runKept(algoPort(ctx), id, stop.signal);
    ctx.note(`bm: algo ${id}: runner ${st.end ? `done: ${st.end}` : 'stopped; the algo stays armed (bm algo resume)'}`);
  } finally {
    for (const s of ['SIGTERM', 'SIGINT'] as const) process.off(s, onSignal);
  }
}
