/**
 * `A` in the terminal: a price alert at the selected book level (the book focused) or at a typed price,
 * `above` when the level is at or above the last price, else `below`; Enter plans it as `bm alert add` does
 * and shows it in the confirmation of conditional orders, `y` arms it detached (it outlives the terminal).
 * One the last price already meets fires at once: nothing to refuse, it moves no money.
 */
import { type AlgoSpec, planAlgo } from '../../core/usecases/algo.js';
import { usage } from '../../errors.js';
import { cmp } from '../../util/decimal.js';
import type { AlertForm, PendingAttach } from './algo-types.js';
import { formMessage, toConfirmation } from './attach-plan.js';
import type { Binding } from './binding.js';
import { selectedLevel } from './book.js';
import { quoteOf, type TradeState } from './state.js';
import { cell, field, Line, wrap, type Box } from './text.js';
import { SGR } from '../../render/live.js';

const trading = (s: TradeState) => s.readOnly === undefined;

/** The level an alert starts from: the selected book level with the book focused, else the last price. */
function startLevel(s: TradeState): string {
  if (s.ui.focus === 'book') {
    const lvl = selectedLevel(s);
    if (lvl) return lvl.price;
  }
  return quoteOf(s).last ?? '';
}

/** Which way a level is from the last price: at or above it, `above`; below it, `below`. */
export function directionFrom(level: string, last: string): 'above' | 'below' {
  return cmp(level, last) >= 0 ? 'above' : 'below';
}

/** Enter: the alert planned against the pair (its direction from the last price), waiting for `y`. */
export function alertPending(s: TradeState, f: AlertForm, now: number): PendingAttach {
  const last = quoteOf(s).last;
  if (!last) throw usage('no last price yet to tell above from below: wait for a trade, then Enter');
  if (!/^[0-9]*\.?[0-9]+$/.test(f.price)) throw usage(`level: '${f.price}' is not a price`);
  const dir = directionFrom(f.price, last);
  let spec: AlgoSpec;
  try {
    spec = planAlgo({ kind: 'alert', symbol: s.symbol, [dir]: f.price, ...(s.alertExec !== undefined ? { exec: s.alertExec } : {}) }, s.rules, now, (key) => (key === 'above' || key === 'below' ? 'level' : key === 'exec' ? '--alert-exec' : key));
  } catch (err) {
    throw usage(formMessage(err));
  }
  const already = cmp(f.price, last) === 0 ? `; the last price ${last} is there already: it fires at once` : '';
  const exec = s.alertExec !== undefined ? `, and runs: ${s.alertExec}` : '';
  return { spec, protects: `nothing: an alert moves no money. When it fires: the bell here, a line in its runner's log, the desktop${exec}${already}`, back: 'alert' };
}

const form = (s: TradeState) => s.ui.alert!;

/** The main mode's key. */
export const ALERT_MAIN: Binding = {
  keys: ['A'], label: 'A', does: 'alert at the selected level or a price', when: trading,
  run: (s) => ((s.ui.alert = { price: startLevel(s), error: undefined }), void (s.ui.mode = 'alert')),
};

/** The alert form's keys. */
export const ALERT_KEYS: readonly Binding[] = [
  { keys: [...'0123456789.'], label: '0-9 .', hint: 'type', does: 'type the level', run: (s, k) => {
    const f = form(s);
    if (k !== '.' || !f.price.includes('.')) s.ui.alert = { price: f.price + k, error: undefined };
  } },
  { keys: ['backspace'], label: 'Backspace', does: 'delete the last character', run: (s) => void (s.ui.alert = { price: form(s).price.slice(0, -1), error: undefined }) },
  { keys: ['enter'], label: 'Enter', hint: 'review', does: 'check the level, then confirm', run: (s, _k, at) => toConfirmation(s, () => alertPending(s, form(s), at), (error) => void (s.ui.alert = { ...form(s), error })) },
  { keys: ['escape'], label: 'Esc', hint: 'back', does: 'back out', run: (s) => ((s.ui.alert = undefined), void (s.ui.mode = 'main')) },
];

/** The alert form's box: the level being typed, which way it fires from the last price, the book. */
export function alertFormBox(s: TradeState, width: number, inner: number, color: boolean): Box {
  const f = form(s);
  const last = quoteOf(s).last;
  const valid = /^[0-9]*\.?[0-9]+$/.test(f.price);
  const fires = !last || !valid ? 'above or below: from the last price, once one is known' : `at the first trade at or ${directionFrom(f.price, last)} ${f.price} (last ${last})`;
  const lines = [
    field('▸ level', `${f.price}█ ${s.rules.quote_currency}`, inner, color, SGR.bold),
    field('fires', fires, inner, color),
    field('book', `bid ${s.market.bids[0]?.[0] ?? '-'}   ask ${s.market.asks[0]?.[0] ?? '-'}   last ${last ?? '-'}`, inner, color),
    ...(f.error ? wrap(f.error, inner).map((t) => new Line(color).add(t, SGR.red).done(inner)) : [cell('', inner)]),
  ];
  return { title: `ALERT ${s.symbol}`, titleStyle: SGR.yellow, width, lines };
}
