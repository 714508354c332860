/**
 * Stops and take-profits attached in the terminal: conditional orders run detached by core
 * (src/core/algo/), the same as `bm order stop --detach`. Here: the form that attaches one to the
 * selected order or to the pair's position, its check into a plan, and the pair's conditional orders
 * as read back from their journals (listed in the orders pane, marked on the book and the chart).
 */
import { planAlgo } from '../../core/algo/plan.js';
import type { AlgoSpec } from '../../core/algo/spec.js';
import { keptAlgos, type KeptAlgo } from '../../core/algo/store.js';
import type { Env } from '../../config/paths.js';
import { cmp, isZero, mul } from '../../util/decimal.js';
import { floorTo, openForm, priceTick, sizeStep } from './form.js';
import type { AttachedAlgo, Form, Level, Side, TradeState } from './state.js';
import { selectedOrder } from './state.js';

/** What can be attached: a stop-loss or a take-profit. */
export type AttachKind = 'stop' | 'take-profit';

const opposite = (side: Side): Side => (side === 'buy' ? 'sell' : 'buy');

/**
 * The form of an attach: the side opposite the selected order (orders pane focused) or the position,
 * its size the order's or the whole position, the trigger (the price field) left to type.
 * Undefined when there is nothing to protect (or the position is not read yet).
 */
export function attachForm(s: TradeState, kind: AttachKind): Form | undefined {
  const o = s.ui.focus === 'orders' ? selectedOrder(s) : undefined;
  if (o) return { ...openForm(opposite(o.side), ''), size: o.size, focus: 'price', attach: { kind, of: `order ${o.id}` } };
  // The position counts once every fill of the pair is read: a part of it would size the order wrong.
  const pos = s.account.pnl.run.position;
  if (s.account.pnl.status !== 'ready' || !pos || isZero(pos)) return undefined;
  const long = cmp(pos, '0') > 0;
  // Fees taken in the base currency leave a position off the size step: the stop covers what can be sold.
  const size = floorTo(long ? pos : pos.replace(/^-/, ''), sizeStep(s.rules));
  return { ...openForm(long ? 'sell' : 'buy', ''), size, focus: 'price', attach: { kind, of: `position ${pos} ${s.rules.base_currency}` } };
}

/**
 * The attach form as a plan (checked against the pair's rules; a usage error when it is not right).
 * It fires a market order: a sell of the size, a buy spending the size at the trigger (the venue
 * sizes market buys by what they spend).
 */
export function attachPlan(s: TradeState, f: Form, now: number): AlgoSpec {
  const kind = f.attach!.kind;
  const amount = f.side === 'buy' && f.size && f.price ? { notional: floorTo(mul(f.size, f.price), priceTick(s.rules)) } : f.size ? { size: f.size } : {};
  return planAlgo({ kind, symbol: s.symbol, side: f.side, trigger: f.price, ...amount, ...(s.maxDeviation !== undefined ? { maxDeviation: s.maxDeviation } : {}) }, s.rules, now);
}

/**
 * What the orders pane has learnt of each algo it read: its pair (fixed) and whether it ended (for good),
 * so a refresh reads again only the journals of the pair's algos still running, and new ones.
 */
export type SeenAlgos = Map<string, { readonly symbol: string; readonly ended: boolean }>;

/** The pair's conditional orders that have not ended, from the state dir's journals, oldest first. */
export function readAttached(env: Env, symbol: string, note: (line: string) => void, seen: SeenAlgos = new Map()): AttachedAlgo[] {
  const skip = (id: string) => {
    const k = seen.get(id);
    return k !== undefined && (k.ended || k.symbol !== symbol);
  };
  return keptAlgos(env, note, skip).flatMap((k) => {
    seen.set(k.id, { symbol: k.record.spec.symbol, ended: Boolean(k.record.lines.at(-1)?.st?.end) });
    return attachedOf(k, symbol);
  });
}

function attachedOf(k: KeptAlgo, symbol: string): AttachedAlgo[] {
  const { spec, lines } = k.record;
  const st = lines[lines.length - 1]?.st;
  if (spec.symbol !== symbol || st?.end) return [];
  const triggers = spec.legs.flatMap((l) => (l.trigger && (st?.legs[l.name]?.status ?? 'armed') === 'armed' ? [l.trigger.level] : []));
  const amount = spec.legs[0]?.params.find(([key]) => key === 'size' || key === 'notional');
  return [{ id: k.id, kind: spec.kind, side: spec.side, triggers, amount: amount ? `${amount[1]}${amount[0] === 'notional' ? ' (quote)' : ''}` : '', running: k.runner !== undefined }];
}

/**
 * The pair's conditional orders read again (with the account, and every few seconds: a runner writes its
 * journal on its own time); true when they changed. An unreadable journal is skipped here (read again next
 * time: it may have been read mid-write); `bm algo list` names it.
 */
export function refreshAlgos(s: TradeState, env: Env, seen: SeenAlgos): boolean {
  const algos = readAttached(env, s.symbol, () => undefined, seen);
  if (JSON.stringify(algos) === JSON.stringify(s.account.algos)) return false;
  s.account.algos = algos;
  s.versions.account++;
  return true;
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
