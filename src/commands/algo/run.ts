/**
 * `bm algo list|show|logs|cancel|resume|run`: the conditional orders kept under the state dir
 * (src/core/algo/store.ts), their detached runners (src/core/algo/detached.ts).
 */
import type { Context } from '../../context.js';
import { cancelKept, runKept, spawnRunner } from '../../core/algo/detached.js';
import type { AlgoState } from '../../core/algo/machine.js';
import { algoFile, keptAlgo, keptAlgos, type KeptAlgo } from '../../core/algo/store.js';
import { alive } from '../../util/holder-lock.js';
import type { AlgoSpec } from '../../core/algo/spec.js';
import { BmError, usage } from '../../errors.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { show } from '../show.js';
import { currentChannel } from '../write/current.js';
import { legRows, LEG_COLUMNS } from '../order/algo-rows.js';

const lastState = (k: KeptAlgo): AlgoState | undefined => k.record.lines[k.record.lines.length - 1]?.st;

function stateWord(k: KeptAlgo): string {
  const st = lastState(k);
  if (st?.end) return st.end;
  return k.runner !== undefined ? 'running' : 'stopped';
}

const print = (ctx: Context, columns: readonly string[], rows: Array<Record<string, string>>) => show(ctx, { columns }, rows, { rows });

export async function list(ctx: Context): Promise<void> {
  const rows = keptAlgos(ctx.session.env, (l) => ctx.note(l)).map((k) => {
    const st = lastState(k);
    const legs = Object.entries(st?.legs ?? {}).map(([n, l]) => `${n}:${l.status}`).join(' ');
    const { spec } = k.record;
    // Why it failed (the venue's code and message), is unknown, or waits on a busy venue: the first leg that says.
    const said = Object.entries(st?.legs ?? {}).find(([, l]) => ['failed', 'unknown', 'sending'].includes(l.status) && l.why);
    const note = said ? `${said[0]}: ${said[1].why}` : '';
    return { algo: k.id, kind: spec.kind, symbol: spec.symbol, side: spec.side, state: stateWord(k), runner: k.runner === undefined ? '' : String(k.runner), legs, created: new Date(spec.created).toISOString(), note };
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
  const { id } = k;
  const rows = k.record.lines.flatMap((l) => l.notes.map((note) => ({ time: new Date(l.at).toISOString(), note })));
  print(ctx, ['time', 'note'], rows);
  ctx.note(`bm: the runner's own log: ${algoFile(ctx.session.env, id, 'log')}`);
}

const face = async (ctx: Context, command: string) => ({ calls: await ctx.calls(), host: ctx, channel: currentChannel(ctx), command });

/**
 * Waits (up to 10 s) for the runner `pid`, asked to stop, to end: it lets go of the journal's lock as it
 * ends, after it has stopped naming itself the runner (waiting for that alone, the lock could still be held).
 */
async function gone(id: string, pid: number): Promise<void> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) throw new BmError('network', `algo cancel: the runner of ${id} did not stop within 10 s; nothing was cancelled`, { hint: `try again, or see bm algo show ${id}` });
}

export async function cancel(ctx: Context, given: string): Promise<void> {
  const env = ctx.session.env;
  const k = keptAlgo(env, given);
  const { id } = k;
  const spec: AlgoSpec = k.record.spec;
  if (lastState(k)?.end) throw usage(`algo cancel: ${id} has already ended (${lastState(k)!.end})`, `see it with: bm algo show ${id}`);
  await ctx.confirm(`Cancel ${spec.kind} ${id} on ${spec.symbol} (legs not yet fired are never sent)`, 'algo cancel');
  if (ctx.dryRun) return;
  const st = await cancelConfirmed(ctx, k, 'cancelled with bm algo cancel');
  print(ctx, LEG_COLUMNS, legRows(spec, st));
}

/**
 * Cancels a kept algo once confirmed (`bm algo cancel`, and `bm trade`'s cancel of a conditional
 * order): its runner stopped and gone first, then the legs settled and cancelled from the journal.
 */
export async function cancelConfirmed(ctx: Context, k: KeptAlgo, why: string): Promise<AlgoState> {
  if (k.runner !== undefined) {
    process.kill(k.runner, 'SIGTERM');
    await gone(k.id, k.runner);
  }
  return cancelKept(await face(ctx, 'algo cancel'), ctx.session.env, k.id, why);
}

export async function resume(ctx: Context, given: string): Promise<void> {
  const env = ctx.session.env;
  const k = keptAlgo(env, given);
  const { id } = k;
  if (lastState(k)?.end) throw usage(`algo resume: ${id} has ended (${lastState(k)!.end}): nothing to resume`, `see it with: bm algo show ${id}`);
  if (k.runner !== undefined) {
    ctx.note(`bm: algo ${id}: already running (runner pid ${k.runner})`);
    return list(ctx);
  }
  if (ctx.dryRun) return ctx.note(`dry run: would start the runner of ${id}`);
  const pid = await spawnRunner(env, id);
  ctx.note(`bm: algo ${id}: runner started (pid ${pid}); see it with: bm algo show ${id}`);
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
    const st = await runKept(await face(ctx, `algo ${id}`), ctx.session.env, id, stop.signal);
    ctx.note(`bm: algo ${id}: runner ${st.end ? `done: ${st.end}` : 'stopped; the algo stays armed (bm algo resume)'}`);
  } finally {
    for (const s of ['SIGTERM', 'SIGINT'] as const) process.off(s, onSignal);
  }
}
