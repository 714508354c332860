/**
 * The keys of stops and take-profits in the terminal: `x` and `t` open the form of an attach, Enter
 * plans it (./attach.ts), `y` in the confirmation sends it to a detached runner; the orders pane's
 * selection walks your open orders, then the pair's conditional orders, and `c` cancels either.
 */
import type { AlgoSpec } from '../../core/algo/spec.js';
import { attachForm, attachPlan, selectedAlgo, type AttachKind } from './attach.js';
import type { Binding, Command } from './binding.js';
import { logAction, openOrders, selectedOrder, type AttachedAlgo, type TradeState } from './state.js';

const trading = (s: TradeState) => s.readOnly === undefined;

function openAttach(s: TradeState, kind: AttachKind): void {
  const f = attachForm(s, kind);
  if (!f) {
    logAction(s, 'error', `${kind}: select an open order, or hold a position of ${s.symbol} (once its fills are read), to attach it to`, Date.now());
    return;
  }
  s.ui.form = f;
  s.ui.mode = 'form';
}

/** Enter in an attach form: the plan checked against the pair's rules, then shown for `y`; else the form says why. */
export function reviewAttach(s: TradeState): void {
  const f = s.ui.form!;
  try {
    s.ui.attach = attachPlan(s, f, Date.now());
    s.ui.mode = 'attach';
  } catch (err) {
    s.ui.form = { ...f, error: (err as Error).message };
  }
}

/** Ids the orders pane's Up/Down walk: open orders newest first, then conditional orders. */
export function selectable(s: TradeState): string[] {
  return [...openOrders(s).map((o) => o.id), ...s.account.algos.map((a) => a.id)];
}

/** The id selected now in the orders pane (the newest order when none is chosen). */
export function selectedId(s: TradeState): string | undefined {
  return selectedAlgo(s)?.id ?? selectedOrder(s)?.id ?? s.account.algos[0]?.id;
}

/** `c`: a cancel of the selected open order or conditional order, to confirm. */
export function askCancel(s: TradeState): void {
  const a = selectedAlgo(s) ?? (s.account.orders.size ? undefined : s.account.algos[0]);
  const o = a ? undefined : selectedOrder(s);
  if (a) s.ui.cancel = { all: false, algo: a };
  else if (o) s.ui.cancel = { all: false, order: o };
  else return;
  s.ui.mode = 'cancel';
}

/** The main mode's attach keys. */
export const ATTACH_MAIN: readonly Binding[] = [
  { keys: ['x'], label: 'x', hintLabel: 'x t', hint: 'stop/tp', does: 'stop-loss on the order or the position', when: trading, run: (s) => openAttach(s, 'stop') },
  { keys: ['t'], label: 't', does: 'take-profit on the order or the position', when: trading, run: (s) => openAttach(s, 'take-profit') },
];

/** The confirmation of an attach. */
export const ATTACH_CONFIRM: readonly Binding[] = [
  { keys: ['y'], label: 'y', hint: 'arm', does: 'arm it: runs detached, outlives bm trade', run: (s): Command => {
    const spec: AlgoSpec = s.ui.attach!;
    s.ui.attach = undefined;
    s.ui.form = undefined;
    s.ui.mode = 'main';
    return { kind: 'attach', spec };
  } },
  { keys: ['n', 'escape'], label: 'n/Esc', hint: 'back', does: 'back to the form', run: (s) => ((s.ui.attach = undefined), void (s.ui.mode = 'form')) },
];

/** A cancel confirmed: what it asks of the venue (or of a conditional order's runner). */
export function cancelCommand(c: NonNullable<TradeState['ui']['cancel']>): Command {
  if (c.all) return { kind: 'cancelAll' };
  return 'algo' in c ? { kind: 'cancelAlgo', algo: c.algo as AttachedAlgo } : { kind: 'cancel', order: c.order };
}
