/**
 * Profit and loss of one pair from the account's fills, by weighted average cost: a buy adds its
 * base to the position and what it cost to the position's cost (the average cost is cost / position,
 * so a buy above the average raises it); a sell takes base out at the average cost and realizes the
 * difference between what it brought and that cost. Unrealized P&L is the position at the last price
 * less its cost.
 *
 * Fees are inside the figures, as the wallet saw them: a fee in the base coin is base the position
 * never got (buy) or base that left with the sell; a fee in the quote coin is cost added (buy) or
 * proceeds lost (sell). `fees` says how much of that went to fees, in the quote currency (a base fee
 * at its fill's price): it is not to be subtracted again. A fee in any other coin cannot be valued
 * from the pair's fills: it stays out of the P&L and is listed by coin in `other_fees`.
 *
 * Fills are the window's only: base sold beyond the position the window's fills built (bought
 * before the window) has no known cost, so it realizes nothing and is counted in `unmatched`; the
 * position never goes below zero.
 *
 * Exact decimals throughout; the one quotient (cost taken out by a part sell, and the average shown)
 * is cut at {@link PNL_SCALE} places. Rounded only when printed (value.ts roundTo).
 */
import type { Side } from '../../api/catalogue/vocab.js';
import { add, cmp, dec, div, isZero, mul, norm, sub, type Dec } from '../../util/decimal.js';

/** The method, as output says it. */
export const PNL_METHOD = 'weighted average cost, fees included';

/** Decimal places a quotient keeps (average cost, cost taken out by a part sell). */
export const PNL_SCALE = 18;

/** One fill as P&L reads it: amounts as decimal text, `time` in epoch ms. */
export interface PnlFill {
  readonly side: Side;
  /** Price in quote per base. */
  readonly price: string;
  /** Base traded. */
  readonly size: string;
  /** Quote traded (price x size as the venue computed it). */
  readonly notional: string;
  readonly fee: string;
  readonly feeCoin: string;
  readonly time: number;
  /** Orders fills of one time (the venue's trade id). */
  readonly id: string;
}

/** A pair's P&L: base amounts in `base`, the rest in `quote`; exact normalised text. */
export interface PairPnl {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  /** Base held from the window's fills (never below zero). */
  readonly position: string;
  /** Quote paid per base of the position, fees included ('' with no position). */
  readonly avg_cost: string;
  /** Realized on sells against the average cost, fees included. */
  readonly realized: string;
  /** position x last price - its cost ('' when the pair has no last price). */
  readonly unrealized: string;
  /** Fees paid in the base and the quote coin, in quote (base fees at their fill's price). */
  readonly fees: string;
  /** Fees in other coins, by coin (`BMX` -> `0.5`): not in the P&L. */
  readonly other_fees: Readonly<Record<string, string>>;
  /** Base sold beyond the position (bought before the window): no P&L counted on it. */
  readonly unmatched: string;
  readonly last_price: string;
  /** Fills counted. */
  readonly fills: number;
}

/** Oldest first: by time, then by trade id (as integers: ids may exceed 2^53). */
function oldestFirst(fills: readonly PnlFill[]): PnlFill[] {
  const id = (f: PnlFill) => (/^[0-9]+$/.test(f.id) ? BigInt(f.id) : 0n);
  return [...fills].sort((a, b) => a.time - b.time || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/** What a pair's fills add up to so far (oldest first): the state a new fill changes. Exact normalised text. */
export interface PnlRunning {
  readonly position: string;
  /** What the position cost, fees included (quote). */
  readonly cost: string;
  readonly realized: string;
  readonly fees: string;
  readonly unmatched: string;
  readonly other: Readonly<Record<string, string>>;
  readonly fills: number;
}

/** Nothing traded yet. */
export const NO_FILLS: PnlRunning = { position: '0', cost: '0', realized: '0', fees: '0', unmatched: '0', other: {}, fills: 0 };

/** The figures after one more fill (newer than every fill in `r`) of a pair of `base` and `quote`. */
export function addFill(r: PnlRunning, f: PnlFill, base: string, quote: string): PnlRunning {
  const baseFee = f.feeCoin === base ? f.fee : '0';
  const quoteFee = f.feeCoin === quote ? f.fee : '0';
  const fees = f.feeCoin === base ? norm(add(r.fees, mul(f.fee, f.price))) : f.feeCoin === quote ? norm(add(r.fees, f.fee)) : r.fees;
  const other = f.feeCoin === base || f.feeCoin === quote || isZero(f.fee) ? r.other : { ...r.other, [f.feeCoin]: norm(add(r.other[f.feeCoin] ?? '0', f.fee)) };
  const next = { ...r, fees, other, fills: r.fills + 1 };
  if (f.side === 'buy') return { ...next, position: norm(add(r.position, sub(f.size, baseFee))), cost: norm(add(r.cost, add(f.notional, quoteFee))) };
  const out = add(f.size, baseFee);
  const proceeds = sub(f.notional, quoteFee);
  const matched = cmp(out, r.position) <= 0 ? out : dec(r.position);
  const unmatched = cmp(matched, out) < 0 ? norm(add(r.unmatched, sub(out, matched))) : r.unmatched;
  if (isZero(matched)) return { ...next, unmatched };
  // A whole close takes the whole cost (no residue from the quotient); a part takes its share.
  const taken = cmp(matched, r.position) === 0 ? r.cost : div(mul(r.cost, matched), r.position, PNL_SCALE);
  const earned = cmp(matched, out) === 0 ? proceeds : div(mul(proceeds, matched), out, PNL_SCALE);
  return { ...next, unmatched, realized: norm(add(r.realized, sub(earned, taken))), cost: norm(sub(r.cost, taken)), position: norm(sub(r.position, matched)) };
}

/** The fills of a pair, oldest first, added up. */
export function runFills(fills: readonly PnlFill[], base: string, quote: string): PnlRunning {
  return oldestFirst(fills).reduce((r, f) => addFill(r, f, base, quote), NO_FILLS);
}

/** The position at the last price less its cost; '' when there is no last price. */
export function unrealizedAt(r: Pick<PnlRunning, 'position' | 'cost'>, last: string): string {
  return last === '' ? '' : norm(sub(mul(r.position, last), r.cost));
}

/** Quote paid per base of the position ('' with none). */
export function avgCost(r: Pick<PnlRunning, 'position' | 'cost'>): string {
  return isZero(r.position) ? '' : norm(div(r.cost, r.position, PNL_SCALE));
}

/** A pair's figures from what its fills add up to, at `last` ('' when unknown). */
export function pnlFigures(symbol: string, base: string, quote: string, r: PnlRunning, last: string): PairPnl {
  return {
    symbol, base, quote, position: r.position, avg_cost: avgCost(r), realized: r.realized, unrealized: unrealizedAt(r, last),
    fees: r.fees, other_fees: r.other, unmatched: r.unmatched, last_price: last, fills: r.fills,
  };
}

/** The P&L of `symbol` (base `base`, quote `quote`) from its fills in any order, at `last` ('' when unknown). */
export function pairPnl(symbol: string, base: string, quote: string, fills: readonly PnlFill[], last: string): PairPnl {
  return pnlFigures(symbol, base, quote, runFills(fills, base, quote), last);
}

/** The sums of the pairs quoted in one currency. */
export interface PnlTotal {
  readonly quote: string;
  readonly realized: string;
  readonly unrealized: string;
  readonly fees: string;
}

/** Sum of one field over pairs quoted in the same currency ('' fields skipped; '' when every one is). */
export function totalOf(rows: readonly PairPnl[], field: 'realized' | 'unrealized' | 'fees'): string {
  if (rows.length && rows.every((r) => r[field] === '')) return '';
  return norm(rows.reduce<Dec | string>((t, r) => (r[field] === '' ? t : add(t, r[field])), '0'));
}

/** The sums per quote currency, in the order the currencies first appear. */
export function totalsByQuote(rows: readonly PairPnl[]): PnlTotal[] {
  return [...new Set(rows.map((p) => p.quote))].map((quote) => {
    const of = rows.filter((p) => p.quote === quote);
    return { quote, realized: totalOf(of, 'realized'), unrealized: totalOf(of, 'unrealized'), fees: totalOf(of, 'fees') };
  });
}
