/**
 * Stops and take-profits attached in the terminal: conditional orders run detached by core
 * (src/core/algo/), the same as `bm order stop|bracket --detach`. Here: the form that attaches one to
 * the selected order (it arms on that order's fills: ./attach-plan.ts) or to the pair's position, and
 * where the pair's armed triggers are marked on the book and the chart.
 */
import { cmp, isZero } from '../../util/decimal.js';
import { floorTo, openForm, sizeStep } from './form.js';
import type { AttachedAlgo, Form, Level, Side, TradeState } from './state.js';
import { selectedOrder } from './state.js';

/** What can be attached: a stop-loss or a take-profit. */
export type AttachKind = 'stop' | 'take-profit';

const opposite = (side: Side): Side => (side === 'buy' ? 'sell' : 'buy');

/**
 * The form of an attach: the side opposite the selected order (orders pane focused) or the position,
 * its size the order's (the exit arms for what of it fills) or the whole position, the trigger (the
 * price field) left to type. Undefined when there is nothing to protect (or the position is not read yet).
 */
export function attachForm(s: TradeState, kind: AttachKind): Form | undefined {
  const o = s.ui.focus === 'orders' ? selectedOrder(s) : undefined;
  if (o) return { ...openForm(opposite(o.side), ''), size: o.size, focus: 'price', attach: { kind, of: `order ${o.id}`, order: o } };
  // The position counts once every fill of the pair is read: a part of it would size the order wrong.
  const pos = s.account.pnl.run.position;
  if (s.account.pnl.status !== 'ready' || !pos || isZero(pos)) return undefined;
  const long = cmp(pos, '0') > 0;
  // Fees taken in the base currency leave a position off the size step: the stop covers what can be sold.
  const size = floorTo(long ? pos : pos.replace(/^-/, ''), sizeStep(s.rules));
  return { ...openForm(long ? 'sell' : 'buy', ''), size, focus: 'price', attach: { kind, of: `position ${pos} ${s.rules.base_currency}` } };
}

/** Every armed trigger of the pair's conditional orders. */
export function triggerLevels(s: TradeState): string[] {
  return s.account.algos.flatMap((a) => a.triggers);
}

/** The selected conditional order (the orders pane's selection may be one). */
export function selectedAlgo(s: TradeState): AttachedAlgo | undefined {
  return s.ui.selected === undefined ? undefined : s.account.algos.find((a) => a.id === s.ui.selected);
}

/**
 * Which rows of one side of the book a trigger falls on: asks (best first, rising) the first level at
 * or above it, bids (best first, falling) the first at or below it. A trigger inside the spread or
 * beyond the levels shown marks no row (the chart shows it).
 */
export function triggerRows(levels: readonly Level[], triggers: readonly string[], ask: boolean): Set<number> {
  const out = new Set<number>();
  if (!levels.length) return out;
  for (const t of triggers) {
    if (ask ? cmp(t, levels[0]![0]) < 0 : cmp(t, levels[0]![0]) > 0) continue;
    const i = levels.findIndex(([p]) => (ask ? cmp(p, t) >= 0 : cmp(p, t) <= 0));
    if (i >= 0) out.add(i);
  }
  return out;
}
