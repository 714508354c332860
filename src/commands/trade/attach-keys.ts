/**
 * The keys of conditional orders in the terminal: `x` and `t` open the form of an attach, `B` the bracket
 * order form; Enter plans it (./attach-plan.ts, ./bracket.ts), `y` in the confirmation hands it to a
 * detached runner (a trigger already met needs `!` after `y`); the orders pane's selection walks your
 * open orders, then the pair's conditional orders, and `c` cancels either (or dismisses one that failed).
 */
import { dueIfMet } from '../../core/usecases/algo.js';
import { kindOf } from '../../core/usecases/algo-kinds.js';
import { dismissAlgo } from './algo-read.js';
import { attachForm, selectedAlgo, type AttachKind } from './attach.js';
import { attachPending, metOf, toConfirmation } from './attach-plan.js';
import type { Binding, Command } from './binding.js';
import { openBracket } from './bracket.js';
import { logAction, openOrders, quoteOf, selectedOrder, type TradeState } from './state.js';

const trading = (s: TradeState) => s.readOnly === undefined;

function openAttach(s: TradeState, kind: AttachKind, at: number): void {
  const f = attachForm(s, kind);
  if (!f) {
    logAction(s, 'error', `${kind}: select an open order, or hold a position of ${s.symbol} (once its fills are read), to attach it to`, at);
    return;
  }
  s.ui.form = f;
  s.ui.mode = 'form';
}

/** Enter in an attach form: the plan checked against the pair's rules, then shown for `y`; else the form says why. */
export function reviewAttach(s: TradeState, at: number): void {
  const f = s.ui.form!;
  toConfirmation(s, () => attachPending(s, f, at), (error) => void (s.ui.form = { ...f, error }));
}

/** Ids the orders pane's Up/Down walk: open orders newest first, then conditional orders. */
export function selectable(s: TradeState): string[] {
  return [...openOrders(s).map((o) => o.id), ...s.account.algos.map((a) => a.id)];
}

/** The id selected now in the orders pane (the newest order when none is chosen). */
export function selectedId(s: TradeState): string | undefined {
  return selectedAlgo(s)?.id ?? selectedOrder(s)?.id ?? s.account.algos[0]?.id;
}

/** `c`: a cancel of the selected open order or conditional order, to confirm; one that ended is dismissed. */
export function askCancel(s: TradeState): void {
  const a = selectedAlgo(s) ?? (s.account.orders.size ? undefined : s.account.algos[0]);
  const o = a ? undefined : selectedOrder(s);
  if (a?.end) return dismissAlgo(s, a.id);
  if (a) s.ui.cancel = { all: false, algo: a };
  else if (o) s.ui.cancel = { all: false, order: o };
  else return;
  s.ui.mode = 'cancel';
}

/** The main mode's keys of conditional orders. */
export const ATTACH_MAIN: readonly Binding[] = [
  { keys: ['x'], label: 'x', hintLabel: 'x t', hint: 'stop/tp', does: 'stop-loss for the order\'s fills/position', when: trading, run: (s, _k, at) => openAttach(s, 'stop', at) },
  { keys: ['t'], label: 't', does: 'take-profit for the order\'s fills/position', when: trading, run: (s, _k, at) => openAttach(s, 'take-profit', at) },
  { keys: ['B'], label: 'B', hint: 'bracket', does: 'bracket: entry + stop/take-profit on fills', when: trading, run: (s) => ((s.ui.bracket = openBracket(s)), void (s.ui.mode = 'bracket')) },
];

/** `y` (or `!` on a met trigger): the plan handed over to be armed, the screen back to the main mode. */
function arm(s: TradeState): Command {
  const { replaces } = s.ui.attach!;
  // A kind that fires when already met (an alert) is judged against the last price now: met, it fires at once.
  const spec = kindOf(s.ui.attach!.spec.kind).firesWhenMet ? dueIfMet(s.ui.attach!.spec, quoteOf(s).last ?? '') : s.ui.attach!.spec;
  s.ui.attach = undefined;
  s.ui.form = undefined;
  s.ui.bracket = undefined;
  s.ui.alert = undefined;
  s.ui.mode = 'main';
  return { kind: 'attach', spec, ...(replaces ? { replaces } : {}) };
}

/** The confirmation of a conditional order. */
export const ATTACH_CONFIRM: readonly Binding[] = [
  { keys: ['y'], label: 'y', hint: 'arm', does: 'arm it: runs detached, outlives bm trade', run: (s): Command | undefined => {
    const p = s.ui.attach!;
    // Judged again: the market may have moved onto the trigger since Enter. An alert met fires at once: nothing to refuse.
    const met = kindOf(p.spec.kind).firesWhenMet ? undefined : p.met ?? metOf(s, p.spec).met;
    if (!met) return arm(s);
    if (!p.acknowledged) s.ui.attach = { ...p, met, acknowledged: true };
    return undefined;
  } },
  { keys: ['!'], label: '!', hint: 'arm anyway', does: 'arm a met trigger (after y): fires at once', when: (s) => Boolean(s.ui.attach?.acknowledged), run: arm },
  { keys: ['n', 'escape'], label: 'n/Esc', hint: 'back', does: 'back to the form', run: (s) => {
    s.ui.mode = s.ui.attach?.back ?? 'form';
    s.ui.attach = undefined;
  } },
];

/** A cancel confirmed: what it asks of the venue (or of a conditional order's runner). */
export function cancelCommand(c: NonNullable<TradeState['ui']['cancel']>): Command {
  if (c.all) return { kind: 'cancelAll' };
  return 'algo' in c ? { kind: 'cancelAlgo', algo: c.algo } : { kind: 'cancel', order: c.order };
}
