/**
 * The order form: side, type, the size and price fields as typed, which field has focus, and the
 * error of the last check. Editing is pure; amounts are exact decimals, rounded down to the pair's
 * increments so a preset never asks for more than the balance holds.
 */
import { add, cmp, div, dec, floorTo, fmt, isZero, mul, norm, sub, type Dec } from '../../util/decimal.js';

export { floorTo };
import type { OrderInput } from '../../core/usecases/order-parse.js';
import { pricePlaces, type PairRules } from '../../core/usecases/orders-read.js';
import { walkSize, type LiveQuote } from '../../core/usecases/order-preview.js';
import { tickOf } from '../../util/round.js';
import type { Balance, Form, OpenOrder, Side } from './state.js';

/** Size presets, percent of the available balance, in the order `p` cycles through them. */
export const PRESETS = [25, 50, 75, 100] as const;

/** A form for `side`, size empty and focused, price prefilled. */
export function openForm(side: Side, price: string): Form {
  return { side, type: 'limit', size: '', price, focus: 'size', error: undefined, preset: undefined };
}

/** The form of an amend: the order's side, price and size, the price focused. */
export function amendForm(o: OpenOrder): Form {
  return { ...openForm(o.side, o.price), size: o.size, focus: 'price', amends: o };
}

/**
 * The size field holds the base quantity, always, unless the user asked (`$`) that a market buy be given
 * by what it spends: then it holds a quote amount, and the field's label says so.
 */
export function spends(f: Pick<Form, 'side' | 'type' | 'spend'>): boolean {
  return f.type === 'market' && f.side === 'buy' && f.spend === true;
}

/** `$`: a market buy's size field between base quantity and quote amount to spend; emptied, since the unit changes. */
export function toggleSpend(f: Form): Form {
  if (f.type !== 'market' || f.side !== 'buy' || f.amends || f.attach) return f;
  return { ...f, spend: !f.spend, size: '', focus: 'size', error: undefined, preset: undefined };
}

const FIELD_CHARS = /^[0-9.]$/;

/** Typing into the focused field: digits and one decimal point. */
export function typeChar(f: Form, ch: string): Form {
  if (!FIELD_CHARS.test(ch)) return f;
  const cur = f[f.focus];
  if (ch === '.' && cur.includes('.')) return f;
  return { ...f, [f.focus]: cur + ch, error: undefined, preset: f.focus === 'size' ? undefined : f.preset };
}

export function backspace(f: Form): Form {
  return { ...f, [f.focus]: f[f.focus].slice(0, -1), error: undefined };
}

/** Tab: size <-> price (a market order has no price; an exit on an order is sized by what of it fills). */
export function switchField(f: Form): Form {
  if (f.type === 'market' || f.attach?.order) return f;
  return { ...f, focus: f.focus === 'size' ? 'price' : 'size' };
}

/**
 * `m`: limit <-> market. The size keeps its unit (base) and its text; only a market buy the user had
 * switched to an amount to spend (`$`) comes back to base, emptied, its label changing with it.
 */
export function toggleType(f: Form): Form {
  // An amend keeps the order's type: only its price and size change; an attach fires a market order.
  if (f.amends || f.attach) return f;
  const type = f.type === 'limit' ? 'market' : 'limit';
  const wasSpend = spends(f);
  return { ...f, type, focus: 'size', spend: false, size: wasSpend ? '' : f.size, error: undefined, preset: wasSpend ? undefined : f.preset };
}

export function setPrice(f: Form, price: string | undefined): Form {
  if (!price || f.type === 'market') return f;
  return { ...f, price, error: undefined };
}

/** One tick of the pair's price precision, e.g. `0.01`. */
export function priceTick(rules: PairRules): string {
  return tickOf(pricePlaces(rules) ?? 0);
}

/** The size increment (what checkOrder holds sizes to), else the minimum size. */
export function sizeStep(rules: PairRules): string {
  if (rules.quote_increment && !isZero(rules.quote_increment)) return rules.quote_increment;
  return rules.base_min_size && !isZero(rules.base_min_size) ? rules.base_min_size : '1';
}

function valid(v: string): boolean {
  return /^[0-9]+(\.[0-9]*)?$|^\.[0-9]+$/.test(v);
}

/** Up/Down, `+`/`-`: the focused field moves by one tick (price) or one increment (size); never to 0 or below. */
export function nudge(f: Form, dir: 1 | -1, rules: PairRules): Form {
  const cur = f[f.focus];
  if (!valid(cur) || (f.focus === 'size' && spends(f))) return f;
  const step = f.focus === 'price' ? priceTick(rules) : sizeStep(rules);
  const next = dir > 0 ? add(cur, step) : sub(cur, step);
  if (next.units <= 0n) return f;
  return { ...f, [f.focus]: fmt(next), error: undefined };
}

/**
 * `p`: the next size preset, as a share of the available balance: quote for buys (at the form's
 * price, or spent as is by a market buy), base for sells. Rounded down to the pair's increments.
 */
export function applyPreset(f: Form, rules: PairRules, balances: ReadonlyMap<string, Balance> | undefined, bestAsk?: string): Form {
  const next = PRESETS[(f.preset === undefined ? -1 : PRESETS.indexOf(f.preset as (typeof PRESETS)[number])) + 1] ?? PRESETS[0];
  const currency = f.side === 'buy' ? rules.quote_currency : rules.base_currency;
  const available = balances?.get(currency)?.available;
  if (!available || !valid(available)) return { ...f, error: `no ${currency} balance known yet` };
  const share = div(mul(available, String(next)), '100', dec(available).scale + 2);
  let size: string;
  if (spends(f)) size = floorTo(share, priceTick(rules));
  else if (f.side === 'buy') {
    // A market buy in base is sized at the best ask; a limit buy at its price.
    const at = f.type === 'market' ? bestAsk ?? '' : f.price;
    if (!valid(at) || cmp(at, '0') <= 0) return { ...f, error: f.type === 'market' ? 'no ask in the book yet: a market buy preset is sized at the best ask' : 'enter a price first: a buy preset is sized at that price' };
    size = floorTo(div(share, at, 18), sizeStep(rules));
  } else size = floorTo(share, sizeStep(rules));
  return { ...f, size, focus: 'size', error: undefined, preset: next };
}

/**
 * The form as the order checks take it. A market buy sized in base (`notional`: what walking the asks
 * for that size costs, worked out by the caller) goes as the amount to spend, since the venue sizes
 * market buys by what they spend.
 */
export function orderInput(f: Form, symbol: string, notional?: string): OrderInput {
  if (spends(f)) return { symbol, side: f.side, type: 'market', ...(f.size ? { notional: f.size } : {}) };
  if (f.type === 'market' && f.side === 'buy') return { symbol, side: f.side, type: 'market', ...(notional !== undefined ? { notional } : {}) };
  return {
    symbol, side: f.side, type: f.type,
    ...(f.size ? { size: f.size } : {}),
    ...(f.type === 'limit' && f.price ? { price: f.price } : {}),
  };
}

/**
 * A market buy sized in base goes to the venue as what it spends: the cost of walking the live asks for
 * that size, rounded down to the price tick (never more than asked). An error when the size is not a
 * number or the visible book holds less than it.
 */
export function marketBuyNotional(f: Form, q: Pick<LiveQuote, 'asks' | 'bids'>, rules: PairRules): { readonly notional?: string; readonly error?: string } {
  if (!f.size) return {};
  if (!valid(f.size) || f.size.endsWith('.')) return { error: `size: '${f.size}' is not a number` };
  const walk = walkSize('buy', f.size, q);
  if (!walk.complete) return { error: `the visible asks hold ${walk.size} ${rules.base_currency}, less than ${f.size}: buy less, or press $ to give the amount to spend` };
  return { notional: floorTo(walk.cost, priceTick(rules)) };
}
