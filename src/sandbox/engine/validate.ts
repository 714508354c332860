/**
 * Checks an order request against its pair's rules (spec 2.2, facts.md 5) before anything is
 * frozen: the first broken rule is reported with its spot code.
 */
import type { PlaceRequest } from '../exchange-api.js';
import { fail } from '../errors.js';
import type { PairSpec } from '../market/pairs.js';
import { cmp, isDecimal, isMultiple, mul, places } from '../../util/decimal.js';

const TYPES = ['limit', 'market', 'limit_maker', 'ioc'] as const;
const CLIENT_ID = /^[A-Za-z0-9]*$/;
const STP: readonly string[] = ['none', 'cancel_maker', 'cancel_taker', 'cancel_both'];

function positive(v: string, what: string): string {
  if (!isDecimal(v) || v.startsWith('-') || v.startsWith('+')) throw fail(50021, what);
  return v;
}

/** Throws the spot error of the first rule `req` breaks. */
export function validateOrder(spec: PairSpec, req: PlaceRequest): void {
  const d = spec.details;
  if (req.side !== 'buy' && req.side !== 'sell') throw fail(50021, 'side');
  if (!(TYPES as readonly string[]).includes(req.type)) throw fail(50021, 'type');
  if (req.stpMode !== undefined && !STP.includes(req.stpMode)) throw fail(50021, 'stpMode');
  if (req.client_order_id !== undefined) {
    if (req.client_order_id.length > 32) throw fail(50037);
    if (!CLIENT_ID.test(req.client_order_id)) throw fail(50038);
  }
  if (req.type === 'market' && req.side === 'buy') {
    if (req.size !== undefined && req.size !== '') throw fail(50021, 'size');
    if (req.notional === undefined || req.notional === '') throw fail(50012);
    positive(req.notional, 'notional');
    if (places(req.notional) > d.price_max_precision) throw fail(50021, 'notional');
    if (cmp(req.notional, d.min_buy_amount) < 0) throw fail(50009, d.min_buy_amount);
    return;
  }
  if (req.size === undefined || req.size === '') throw fail(50010);
  checkSize(spec, positive(req.size, 'size'));
  if (req.type === 'market') return;
  if (req.price === undefined || req.price === '') throw fail(50011);
  const price = positive(req.price, 'price');
  if (places(price) > d.price_max_precision) throw fail(50021, 'price');
  const tick = { units: 1n, scale: d.price_max_precision };
  if (cmp(price, tick) < 0) throw fail(50008, `0.${'0'.repeat(d.price_max_precision - 1)}1`);
  if (cmp(price, spec.maxPrice) > 0) throw fail(50025, spec.maxPrice);
  const least = req.side === 'buy' ? d.min_buy_amount : d.min_sell_amount;
  if (cmp(mul(price, req.size), least) < 0) throw fail(50009, least);
}

function checkSize(spec: PairSpec, size: string): void {
  const d = spec.details;
  if (cmp(size, d.base_min_size) < 0) throw fail(50006, d.base_min_size);
  if (cmp(size, d.base_max_size) > 0) throw fail(50007, d.base_max_size);
  if (!isMultiple(size, d.quote_increment)) throw fail(50021, 'size');
}
