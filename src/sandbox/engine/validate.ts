/**
 * Checks an order request against its pair's rules (spec 2.2, facts.md 5) before anything is
 * frozen, and reads its figures into the engine's integers: the first broken rule is reported with
 * its spot code.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { isSide, ORDER_TYPES, STP_MODES, valuesOf, type Side } from '../../api/catalogue/vocab.js';
import type { PlaceRequest } from '../exchange-api.js';
import { fail } from '../errors.js';
import type { PairSpec } from './pairs.js';
import { cmp, isDecimal } from '../../util/decimal.js';
import { placesOf, toAmount, toUnits, unitsOf, unitsText, type PairUnits } from './units.js';

const TYPES: readonly string[] = valuesOf(ORDER_TYPES);
const CLIENT_ID = /^[A-Za-z0-9]*$/;
const STP: readonly string[] = valuesOf(STP_MODES);

/** What a valid request holds, as integers. */
export interface Checked {
  readonly u: PairUnits;
  /** Ticks; 0 for market orders. */
  readonly px: number;
  /** Size units; 0 for a market buy. */
  readonly qty: number;
  /** Quote to spend on a market buy, amount units. */
  readonly notional: bigint;
}

function positive(v: string, what: string): string {
  if (!isDecimal(v) || v.startsWith('-') || v.startsWith('+')) throw fail(50021, what);
  return v;
}

/** Throws the spot error of the first rule `req` breaks; else its figures as integers. */
export function validateOrder(spec: PairSpec, req: PlaceRequest): Checked {
  const d = spec.details;
  const u = unitsOf(d, spec.maxPrice);
  if (!isSide(req.side)) throw fail(50021, 'side');
  if (!TYPES.includes(req.type)) throw fail(50021, 'type');
  if (req.stpMode !== undefined && !STP.includes(req.stpMode)) throw fail(50021, 'stpMode');
  if (req.client_order_id !== undefined) {
    if (req.client_order_id.length > PROTOCOL.clientOrderIdMax) throw fail(50037);
    if (!CLIENT_ID.test(req.client_order_id)) throw fail(50038);
  }
  if (req.type === 'market' && req.side === 'buy') {
    if (req.size !== undefined && req.size !== '') throw fail(50021, 'size');
    if (req.notional === undefined || req.notional === '') throw fail(50012);
    positive(req.notional, 'notional');
    if (placesOf(req.notional) > d.price_max_precision) throw fail(50021, 'notional');
    const notional = toAmount(req.notional)!;
    if (notional < u.minBuyPs * u.psToAmount) throw fail(50009, d.min_buy_amount);
    return { u, px: 0, qty: 0, notional };
  }
  if (req.size === undefined || req.size === '') throw fail(50010);
  const qty = sizeUnits(u, positive(req.size, 'size'), d.base_min_size, d.base_max_size);
  if (req.type === 'market') return { u, px: 0, qty, notional: 0n };
  if (req.price === undefined || req.price === '') throw fail(50011);
  const px = toUnits(positive(req.price, 'price'), u.p);
  if (px === undefined) throw fail(50021, 'price');
  return limitFigures(spec, u, req.side, px, qty);
}

/**
 * The rules of a limit order's price (ticks) against its size (size units, already within the pair's
 * size rules): at least one tick, at most the pair's maximum price, at least the side's minimum amount.
 */
function limitFigures(spec: PairSpec, u: PairUnits, side: Side, px: number, qty: number): Checked {
  const d = spec.details;
  if (px < 1) throw fail(50008, unitsText(1, u.p));
  if (px > u.maxTicks) throw fail(50025, spec.maxPrice);
  const least = side === 'buy' ? u.minBuyPs : u.minSellPs;
  if (BigInt(px) * BigInt(qty) < least) throw fail(50009, side === 'buy' ? d.min_buy_amount : d.min_sell_amount);
  return { u, px, qty, notional: 0n };
}

/**
 * A limit order given in integers (price ticks, size units), as the simulated market quotes: the checks
 * {@link validateOrder} makes of the same order, without reading decimal text.
 */
export function checkLimit(spec: PairSpec, side: Side, px: number, qty: number): Checked {
  const u = unitsOf(spec.details, spec.maxPrice);
  sizeRules(u, qty, spec.details.base_min_size, spec.details.base_max_size);
  return limitFigures(spec, u, side, px, qty);
}

function sizeUnits(u: PairUnits, size: string, minText: string, maxText: string): number {
  const n = toUnits(size, u.s);
  // More decimals than the increment allows: not a multiple of it. Too large for the units: above the maximum.
  if (n === undefined) {
    // The rare slow path keeps the order of the checks: minimum, maximum, then the increment.
    if (cmp(size, minText) < 0) throw fail(50006, minText);
    if (cmp(size, maxText) > 0 || placesOf(size) <= u.s) throw fail(50007, maxText);
    throw fail(50021, 'size');
  }
  return sizeRules(u, n, minText, maxText);
}

/** `n` size units within the pair's minimum and maximum, a whole number of increments. */
function sizeRules(u: PairUnits, n: number, minText: string, maxText: string): number {
  if (n < u.minSize) throw fail(50006, minText);
  if (n > u.maxSize) throw fail(50007, maxText);
  if (n % u.incUnits !== 0) throw fail(50021, 'size');
  return n;
}
