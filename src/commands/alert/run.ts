/**
 * `bm alert add|list|remove`: price alerts through the conditional orders' use case (an alert is a kind
 * whose leg notifies): added, it is armed and handed to a runner of its own at once, so it fires with no
 * terminal open; listed and removed from the journals this machine keeps. Nothing here moves money: no
 * confirmation is asked.
 */
import type { Context } from '../../context.js';
import { armDetached, cancelAlgo, keptAlgo, keptAlgos, lastState, planFor, planLines, type KeptAlgo } from '../../core/usecases/algo.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { usage } from '../../errors.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { show } from '../show.js';
import { algoFace, algoPort } from '../algo-port.js';
import { alertRow } from './rows.js';

const KIND = 'alert';

const print = (ctx: Context, rows: Array<Record<string, string>>) => show(ctx, { columns: LOCAL_COLUMNS['alert list'] }, rows, { rows });

const rowOf = (k: KeptAlgo) => alertRow(k.record.spec, lastState(k), k.runner);

export async function add(ctx: Context, symbol: string, opts: { above?: string; below?: string; exec?: string }): Promise<void> {
  const given = Object.fromEntries(Object.entries(opts).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const face = await algoFace(ctx, 'alert add');
  const { spec } = await planFor(face, { ...given, kind: KIND, symbol: checkSymbol(symbol) });
  const lines = planLines(spec);
  if (ctx.dryRun) {
    ctx.note([`dry run: alert ${spec.id} on ${spec.symbol}; nothing is armed`, ...lines.map((l) => `  ${l}`)].join('\n'));
    return print(ctx, [alertRow(spec, undefined, undefined)]);
  }
  const port = algoPort(ctx);
  const { pid } = await armDetached(port, face, spec);
  const leg = spec.legs[0]!;
  const met = spec.metWhenArmed !== undefined ? `; the last price ${spec.metWhenArmed} already meets it: it fires at once` : '';
  ctx.note(`bm: alert ${spec.id}: ${leg.what}${met}; held by a runner of its own on this machine (pid ${pid}), whether a terminal is open or not; see it with: bm alert list; remove it with: bm alert remove ${spec.id}`);
  print(ctx, [rowOf(keptAlgo(port.env, spec.id))]);
}

export async function list(ctx: Context): Promise<void> {
  print(ctx, keptAlgos(ctx.session.env, (l) => ctx.note(l)).filter((k) => k.record.spec.kind === KIND).map(rowOf));
}

/** Alert `id` (`last`: the one added last); another kind of conditional order is no alert (exit 2). */
function keptAlert(ctx: Context, id: string): KeptAlgo {
  if (id === 'last') {
    const newest = keptAlgos(ctx.session.env, () => undefined).filter((k) => k.record.spec.kind === KIND).at(-1);
    if (!newest) throw usage('no alert on this machine yet', 'add one with: bm alert add SYMBOL --above PRICE');
    return newest;
  }
  const k = keptAlgo(ctx.session.env, id);
  if (k.record.spec.kind !== KIND) throw usage(`${id} is a ${k.record.spec.kind}, not an alert`, `see it with: bm algo show ${id}`);
  return k;
}

export async function remove(ctx: Context, id: string | undefined, opts: { all?: boolean } = {}): Promise<void> {
  if (opts.all === (id !== undefined)) throw usage('alert remove: give one ID, or --all (every alert that has not fired)');
  if (opts.all) return removeAll(ctx);
  const k = keptAlert(ctx, id!);
  const end = lastState(k)?.end;
  if (end) throw usage(`alert remove: ${k.id} has already ${end === 'done' ? 'fired' : end === 'cancelled' ? 'been removed' : `ended (${end})`}: nothing to remove`, 'see it with: bm alert list');
  if (ctx.dryRun) return ctx.note(`dry run: would remove alert ${k.id}`);
  const st = await cancelAlgo(algoPort(ctx), k, 'removed with bm alert remove');
  print(ctx, [alertRow(k.record.spec, st, undefined)]);
}

/** Every alert not ended, removed: a row each (none: a note, exit 0). */
async function removeAll(ctx: Context): Promise<void> {
  const armed = keptAlgos(ctx.session.env, (l) => ctx.note(l)).filter((k) => k.record.spec.kind === KIND && !lastState(k)?.end);
  if (ctx.dryRun) return ctx.note(`dry run: would remove ${armed.length} alert${armed.length === 1 ? '' : 's'}${armed.length ? `: ${armed.map((k) => k.id).join(', ')}` : ''}`);
  if (!armed.length) ctx.note('bm: no alert to remove: none has been added, or all have fired or been removed');
  const port = algoPort(ctx);
  const rows: Array<Record<string, string>> = [];
  for (const k of armed) rows.push(alertRow(k.record.spec, await cancelAlgo(port, k, 'removed with bm alert remove --all'), undefined));
  print(ctx, rows);
}
