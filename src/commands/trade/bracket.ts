/**
 * The bracket order form (`B`): an entry (a limit buy or sell) and its exits, a stop and a take-profit
 * (one at least), which arm only when and for what the entry fills, one cancelling the other. Enter plans
 * it as `bm order bracket` does (the pair's rules, the exits on the right side of the entry price, the
 * entry's price against the deviation guard); `y` arms it detached and its runner places the entry at once.
 */
import { type AlgoSpec, planAlgo } from '../../core/usecases/algo.js';
import { usage } from '../../errors.js';
import { formMessage, metOf, toConfirmation } from './attach-plan.js';
import type { Binding } from './binding.js';
import { guardError } from './orders.js';
import { BRACKET_FIELDS, type BracketField, type BracketForm, type PendingAttach } from './algo-types.js';
import { quoteOf, type Side, type TradeState } from './state.js';

/** The form's names of the plan's inputs, so an error names the field on screen. */
const NAMES: Readonly<Record<string, string>> = { takeProfit: 'take-profit', stop: 'stop', price: 'price', size: 'size' };

/** The best bid for a buy, the best ask for a sell: where the entry's price starts. */
const bestFor = (s: TradeState, side: Side) => (side === 'buy' ? s.market.bids[0]?.[0] : s.market.asks[0]?.[0]) ?? '';

/** A new bracket form: a buy, its price the best bid, the size focused and empty. */
export function openBracket(s: TradeState, side: Side = 'buy'): BracketForm {
  return { side, size: '', price: bestFor(s, side), stop: '', takeProfit: '', focus: 'size', error: undefined };
}

/** `b`/`s`: the entry's side; its price starts again at that side's best price (the exits stay as typed). */
export function setSide(s: TradeState, f: BracketForm, side: Side): BracketForm {
  return f.side === side ? f : { ...f, side, price: bestFor(s, side), error: undefined };
}

/** Typing into the focused field: digits and one decimal point. */
export function typeInto(f: BracketForm, ch: string): BracketForm {
  const cur = f[f.focus];
  if (!/^[0-9.]$/.test(ch) || (ch === '.' && cur.includes('.'))) return f;
  return { ...f, [f.focus]: cur + ch, error: undefined };
}

/** Tab: the next field (size, price, stop, take-profit, then size again). */
export function nextField(f: BracketForm): BracketForm {
  return { ...f, focus: BRACKET_FIELDS[(BRACKET_FIELDS.indexOf(f.focus) + 1) % BRACKET_FIELDS.length] as BracketField };
}

/** Enter: the bracket planned and checked, waiting for `y`; a usage error (shown in the form) when it is not right. */
export function bracketPending(s: TradeState, f: BracketForm, now: number): PendingAttach {
  const opt = (v: string) => (v === '' ? undefined : v);
  let spec: AlgoSpec;
  try {
    spec = planAlgo({
      kind: 'bracket', symbol: s.symbol, side: f.side, size: opt(f.size), price: opt(f.price), stop: opt(f.stop), takeProfit: opt(f.takeProfit),
      ...(s.maxDeviation !== undefined ? { maxDeviation: s.maxDeviation } : {}),
    }, s.rules, now, (key) => NAMES[key] ?? key);
  } catch (err) {
    throw usage(formMessage(err));
  }
  // The entry is placed at once: its price is held to the guard of an order placed here.
  const guard = guardError({ side: f.side, type: 'limit', price: f.price }, quoteOf(s).last, s.maxDeviation);
  if (guard) throw usage(guard);
  return { spec, protects: `the entry, once it fills, for what fills`, ...metOf(s, spec), back: 'bracket' };
}

const form = (s: TradeState) => s.ui.bracket!;

/** The bracket form's keys. */
export const BRACKET_KEYS: readonly Binding[] = [
  { keys: [...'0123456789.'], label: '0-9 .', hint: 'type', does: 'type into the focused field', run: (s, k) => void (s.ui.bracket = typeInto(form(s), k)) },
  { keys: ['backspace'], label: 'Backspace', does: 'delete the last character', run: (s) => void (s.ui.bracket = { ...form(s), [form(s).focus]: form(s)[form(s).focus].slice(0, -1), error: undefined }) },
  { keys: ['tab'], label: 'Tab', hint: 'next field', does: 'size, price, stop, take-profit in turn', run: (s) => void (s.ui.bracket = nextField(form(s))) },
  { keys: ['b'], label: 'b', hintLabel: 'b s', hint: 'side', does: 'the entry buys (its price: the best bid)', run: (s) => void (s.ui.bracket = setSide(s, form(s), 'buy')) },
  { keys: ['s'], label: 's', does: 'the entry sells (its price: the best ask)', run: (s) => void (s.ui.bracket = setSide(s, form(s), 'sell')) },
  { keys: ['enter'], label: 'Enter', hint: 'review', does: 'check entry and exits, then confirm', run: (s, _k, at) => toConfirmation(s, () => bracketPending(s, form(s), at), (error) => void (s.ui.bracket = { ...form(s), error })) },
  { keys: ['escape'], label: 'Esc', hint: 'back', does: 'back out', run: (s) => ((s.ui.bracket = undefined), void (s.ui.mode = 'main')) },
];
