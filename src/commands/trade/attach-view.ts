/**
 * How stops and take-profits look: the attach form and its confirmation (boxes over the panes), the
 * cancel of one, and the pair's conditional orders as lines of the orders pane.
 */
import { SGR } from '../../render/live.js';
import { dec } from '../../util/decimal.js';
import { rowAt } from './chart-grid.js';
import type { AttachedAlgo, TradeState } from './state.js';
import { cell, field, Line, type Box } from './text.js';

const wordOf = (kind: string) => (kind === 'stop' ? 'STOP' : 'TAKE-PROFIT');

/** The attach form: what it protects, its size, the trigger being typed. */
export function attachFormBox(s: TradeState, width: number, inner: number, color: boolean): Box {
  const f = s.ui.form!;
  const r = s.rules;
  const focus = (name: 'size' | 'price') => ({ mark: f.focus === name ? '▸ ' : '', cursor: f.focus === name ? '█' : '', style: f.focus === name ? SGR.bold : undefined });
  const size = focus('size');
  const trig = focus('price');
  const lines = [
    field('protects', f.attach!.of, inner, color, SGR.yellow),
    field('fires', `a market ${f.side} when a trade reaches the trigger`, inner, color),
    field(`${size.mark}size`, `${f.size}${size.cursor} ${r.base_currency}${f.side === 'buy' ? ' (spends size × trigger)' : ''}`, inner, color, size.style),
    field(`${trig.mark}trigger`, `${f.price}${trig.cursor} ${r.quote_currency}`, inner, color, trig.style),
    field('book', `bid ${s.market.bids[0]?.[0] ?? '-'}   ask ${s.market.asks[0]?.[0] ?? '-'}   last ${s.market.ticker?.last ?? '-'}`, inner, color),
    ...(f.error ? [new Line(color).add(cell(f.error, inner), SGR.red).done(inner)] : [cell('', inner)]),
  ];
  return { title: `${wordOf(f.attach!.kind)} ${f.side.toUpperCase()} ${s.symbol}`, titleStyle: f.side === 'buy' ? SGR.green : SGR.red, width, lines };
}

/** The confirmation of an attach: the plan, its id, and that it runs out of the terminal. */
export function attachConfirmBox(s: TradeState, width: number, inner: number, color: boolean): Box {
  const spec = s.ui.attach!;
  const leg = spec.legs[0]!;
  const lines = [
    new Line(color).add(cell(`${spec.kind} ${leg.what}`, inner), SGR.bold).done(inner),
    field('trigger', leg.trigger ? `a trade at or ${leg.trigger.dir === 'down' ? 'below' : 'above'} ${leg.trigger.level} ${s.rules.quote_currency}` : '-', inner, color),
    field('algo', spec.id, inner, color),
    field('client id', spec.legs[0]!.clientOrderId, inner, color),
    field('runs', 'detached: it outlives this terminal (bm algo list)', inner, color),
    new Line(color).add(cell(s.venue.paper ? 'paper money' : 'LIVE: real money', inner), s.venue.paper ? SGR.yellow : SGR.red).done(inner),
  ];
  return { title: `CONFIRM ${wordOf(spec.kind)}`, titleStyle: spec.side === 'buy' ? SGR.green : SGR.red, width, lines };
}

/** The question of a cancel of a conditional order. */
export function cancelAlgoText(a: AttachedAlgo): string {
  return `Cancel ${a.kind} ${a.id} (${a.side} ${a.amount}, trigger ${a.triggers.join(', ') || 'none armed'})?`;
}

/** The pair's conditional orders as lines of the orders pane, the selected one marked. */
export function algoLines(s: TradeState, w: number, color: boolean, selected: string | undefined, focused: boolean): string[] {
  if (!s.account.algos.length) return [];
  const head = new Line(color).add(cell(`CONDITIONAL (${s.account.algos.length})`, w), SGR.bold).done(w);
  return [head, ...s.account.algos.map((a) => {
    const sel = a.id === selected;
    const text = `${sel ? '› ' : '  '}${a.kind === 'take-profit' ? 'tp' : a.kind} ${a.side} ${a.amount} @ ${a.triggers.join('/') || '-'} ${a.running ? 'running' : 'stopped'} ${a.id}`;
    return new Line(color).add(cell(text, w), a.side === 'buy' ? SGR.green : SGR.red).done(w, sel && focused ? SGR.inverse : undefined);
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
