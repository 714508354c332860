/**
 * How conditional orders look: the attach form (a box over the panes), the cancel of one, the pair's
 * conditional orders as lines of the orders pane, and their triggers on the chart.
 */
import { SGR } from '../../render/live.js';
import { dec } from '../../util/decimal.js';
import { joinFor } from './attach-plan.js';
import { rowAt } from './chart-grid.js';
import type { AttachedAlgo, TradeState } from './state.js';
import { cell, field, Line, wrap, type Box, type Style } from './text.js';

const wordOf = (kind: string) => (kind === 'stop' ? 'STOP' : 'TAKE-PROFIT');

/** The attach form: what it protects (and when it arms), its size, the trigger being typed, what it joins. */
export function attachFormBox(s: TradeState, width: number, inner: number, color: boolean): Box {
  const f = s.ui.form!;
  const a = f.attach!;
  const r = s.rules;
  const focus = (name: 'size' | 'price') => ({ mark: f.focus === name ? '▸ ' : '', cursor: f.focus === name ? '█' : '', style: f.focus === name ? SGR.bold : undefined });
  const size = focus('size');
  const trig = focus('price');
  const o = a.order;
  const { join, blocked } = joinFor(s, f);
  const lines = [
    field('protects', o ? `order ${o.id} (${o.side} ${o.size} @ ${o.price || 'market'})` : a.of, inner, color, SGR.yellow),
    ...(o ? [field('arms', 'once it fills, for what fills: nothing before', inner, color)] : []),
    field('fires', `a market ${f.side} when a trade reaches the trigger`, inner, color),
    field(`${size.mark}size`, `${f.size}${size.cursor} ${r.base_currency}${o ? ' (the order\'s)' : f.side === 'buy' ? ' (spends size × trigger)' : ''}`, inner, color, size.style),
    field(`${trig.mark}trigger`, `${f.price}${trig.cursor} ${r.quote_currency}`, inner, color, trig.style),
    field('book', `bid ${s.market.bids[0]?.[0] ?? '-'}   ask ${s.market.asks[0]?.[0] ?? '-'}   last ${s.market.ticker?.last ?? '-'}`, inner, color),
    ...(join ? wrap(`joins: ${join.exits![0]!.name === 'tp' ? 'take-profit' : 'stop'} ${join.exits![0]!.level} of algo ${join.id}, into one ${o ? 'bracket' : 'oco'}: one cancels the other`, inner).map((t) => new Line(color).add(t, SGR.cyan).done(inner)) : []),
  ];
  const problem = f.error ?? blocked;
  lines.push(...(problem ? wrap(problem, inner).map((t) => new Line(color).add(t, SGR.red).done(inner)) : [cell('', inner)]));
  return { title: `${wordOf(a.kind)} ${f.side.toUpperCase()} ${s.symbol}`, titleStyle: f.side === 'buy' ? SGR.green : SGR.red, width, lines };
}

/** The question of a cancel of a conditional order. */
export function cancelAlgoText(a: AttachedAlgo): string {
  // An alert's spec keeps a buy for a level met on the way up (src/core/algo/kinds/alert.ts).
  if (a.kind === 'alert') return `Remove alert ${a.id} (at or ${a.side === 'buy' ? 'above' : 'below'} ${a.triggers.join(', ') || '-'})? It never fires then.`;
  return `Cancel ${a.kind} ${a.id} (${a.side} ${a.amount}, trigger ${a.triggers.join(', ') || 'none armed'})?`;
}

/** Where an algo stands: its runner's state, or how it ended. */
const stateOf = (a: AttachedAlgo) => (a.end ? a.end.toUpperCase() : a.running ? 'running' : 'STOPPED');

/** Its exits' triggers: `29998.00`, or `tp 31000/stop 29000` when it has two (or is a bracket). */
function levelsOf(a: AttachedAlgo): string {
  const exits = a.exits ?? [];
  if (!exits.length) return '-';
  return exits.length === 1 && a.kind !== 'bracket' ? exits[0]!.level : exits.map((e) => `${e.name} ${e.level}`).join('/');
}

/** The lines under an algo's own: what its exits wait for, a runner to resume, why it failed. */
function notesOf(a: AttachedAlgo): Array<readonly [string, Style]> {
  const out: Array<readonly [string, Style]> = [];
  const waits = a.exits?.some((e) => e.status === 'waiting') ? ' (none filled yet)' : '';
  if (a.kind === 'bracket' && !a.end) out.push([`${a.side === 'buy' ? 'sells' : 'buys'} on the fills of ${a.order !== undefined ? `order ${a.order}` : 'its entry'}${waits}`, undefined]);
  if (a.end) out.push([`${a.note ?? a.end} (c dismisses)`, a.end === 'fired' ? SGR.yellow : SGR.red]);
  else if (!a.running) out.push(['no runner, nothing watches it: bm algo resume --all', SGR.yellow]);
  return out;
}

/** The pair's conditional orders as lines of the orders pane (held by this machine, not the venue), the selected one marked. */
export function algoLines(s: TradeState, w: number, color: boolean, selected: string | undefined, focused: boolean): string[] {
  if (!s.account.algos.length) return [];
  const head = new Line(color).add(cell(`CONDITIONAL (${s.account.algos.length})`, w), SGR.bold).done(w);
  const held = wrap('held by this machine\'s runner, not the venue', w).map((t) => new Line(color).add(t, SGR.dim).done(w));
  return [head, ...held, ...s.account.algos.flatMap((a) => {
    const sel = a.id === selected;
    // A bracket's side is its entry's: the line under it says what its exits do.
    const text = `${sel ? '› ' : '  '}${a.kind === 'take-profit' ? 'tp' : a.kind}${a.kind === 'bracket' || a.kind === 'alert' ? '' : ` ${a.side}`} ${a.amount} @ ${levelsOf(a)} ${stateOf(a)} ${a.id}`;
    const style = a.end === 'fired' ? SGR.yellow : a.end ? SGR.red : a.kind === 'alert' ? SGR.cyan : a.side === 'buy' ? SGR.green : SGR.red;
    const main = new Line(color).add(cell(text, w), style).done(w, sel && focused ? SGR.inverse : undefined);
    return [main, ...notesOf(a).map(([t, st]) => new Line(color).add(cell(`    ${t}`, w), st).done(w))];
  })];
}

/**
 * Where the chart marks triggers: by row of a grid of `gh` rows spanning `lo`..`hi` (integers at
 * `scale` places, the top row `hi`), the label `◇ 60000`; a trigger beyond the range sits on the
 * edge row with an arrow (`◇ 70000↑`).
 */
export function chartMarks(triggers: readonly string[], lo: bigint, hi: bigint, gh: number, scale: number): Map<number, string> {
  const marks = new Map<number, string>();
  for (const t of triggers) {
    const d = dec(t);
    const v = scale >= d.scale ? d.units * 10n ** BigInt(scale - d.scale) : d.units / 10n ** BigInt(d.scale - scale);
    if (v > hi) marks.set(0, `◇ ${t}↑`);
    else if (v < lo) marks.set(gh - 1, `◇ ${t}↓`);
    else marks.set(hi === lo ? Math.floor(gh / 2) : rowAt(v, lo, hi, gh), `◇ ${t}`);
  }
  return marks;
}
