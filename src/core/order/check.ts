/**
 * Order checks before anything is sent, against the pair's rules (spec 2.2, 2.7, 8.2, facts.md 5):
 * every failure is a usage error naming the field and what is allowed.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { matchWord, ORDER_TYPES, SIDES as VOCAB_SIDES, STP_MODES, valuesOf, type OrderType, type Side } from '../../api/catalogue/vocab.js';
import type { Params } from '../../api/client.js';
import { usage } from '../../errors.js';
import { cmp, isMultiple, isZero, mul, norm, places } from '../../util/decimal.js';
import { checkDecimal } from '../params.js';
import { newClientOrderId } from '../write/client-id.js';
import { pricePlaces, type PairRules } from './pairs.js';

export const SIDES: readonly Side[] = valuesOf(VOCAB_SIDES);
export const TYPES: readonly OrderType[] = valuesOf(ORDER_TYPES);

export interface OrderInput {
  readonly symbol: string;
  readonly side?: string;
  readonly type?: string;
  readonly size?: string;
  readonly price?: string;
  readonly notional?: string;
  readonly client_order_id?: string;
  readonly stpMode?: string;
}

/** A checked order: wire parameters in the order sent, and what the confirmation shows. */
export interface CheckedOrder {
  readonly params: Params;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly type: (typeof TYPES)[number];
  readonly size?: string;
  readonly price?: string;
  /** Quote amount: size x price, or the market buy's notional. */
  readonly notional?: string;
}

export { newClientOrderId };

/** Spec 2.7 and 8.2: at most 32 characters, letters and digits only (50037, 50038). */
export function checkClientOrderId(id: string, name = '--client-order-id'): string {
  if (id.length === 0 || id.length > PROTOCOL.clientOrderIdMax) throw usage(`${name}: must be 1 to ${PROTOCOL.clientOrderIdMax} characters (got ${id.length})`);
  if (!/^[A-Za-z0-9]+$/.test(id)) throw usage(`${name}: only letters and digits are allowed (got '${id}')`);
  return id;
}

function oneOf<T extends string>(v: string | undefined, allowed: readonly T[], name: string): T {
  if (v === undefined) throw usage(`${name} is required (${allowed.join(', ')})`);
  const word = matchWord(allowed, v);
  if (word === undefined) throw usage(`${name}: must be one of ${allowed.join(', ')} (got '${v}')`);
  return word;
}

function forbid(v: string | undefined, name: string, why: string): void {
  if (v !== undefined) throw usage(`${name}: not allowed ${why}`);
}

/** Checks an order against its pair's rules; `prefix` names the order in a batch (e.g. `line 3: `). */
export function checkOrder(input: OrderInput, rules: PairRules, prefix = ''): CheckedOrder {
  const n = (name: string) => `${prefix}${name}`;
  const side = oneOf(input.side, SIDES, n('--side'));
  const type = oneOf(input.type, TYPES, n('--type'));
  if (rules.trade_status && rules.trade_status !== 'trading') throw usage(`${n('SYMBOL')}: ${rules.symbol} is not trading (${rules.trade_status})`);
  const marketBuy = type === 'market' && side === 'buy';
  let size: string | undefined;
  let price: string | undefined;
  let notional: string | undefined;
  if (marketBuy) {
    forbid(input.size, n('--size'), 'for a market buy: give --notional, the quote amount to spend');
    forbid(input.price, n('--price'), 'for a market order');
    if (input.notional === undefined) throw usage(`${n('--notional')} is required for a market buy (quote amount, e.g. 100 ${rules.quote_currency})`);
    notional = checkDecimal(input.notional, n('--notional'));
    if (rules.min_buy_amount && cmp(notional, rules.min_buy_amount) < 0) {
      throw usage(`${n('--notional')}: at least ${norm(rules.min_buy_amount)} ${rules.quote_currency} (got ${notional})`);
    }
  } else {
    forbid(input.notional, n('--notional'), 'here: --notional is for market buys only');
    if (input.size === undefined) throw usage(`${n('--size')} is required for a ${type} ${side} (quantity in ${rules.base_currency})`);
    size = checkDecimal(input.size, n('--size'));
    if (rules.base_min_size && cmp(size, rules.base_min_size) < 0) throw usage(`${n('--size')}: at least ${norm(rules.base_min_size)} ${rules.base_currency} (got ${size})`);
    if (rules.base_max_size && !isZero(rules.base_max_size) && cmp(size, rules.base_max_size) > 0) {
      throw usage(`${n('--size')}: at most ${norm(rules.base_max_size)} ${rules.base_currency} (got ${size})`);
    }
    if (rules.quote_increment && !isZero(rules.quote_increment) && !isMultiple(size, rules.quote_increment)) {
      throw usage(`${n('--size')}: must be a multiple of ${norm(rules.quote_increment)} (got ${size})`);
    }
    if (type === 'market') forbid(input.price, n('--price'), 'for a market order');
    else {
      if (input.price === undefined) throw usage(`${n('--price')} is required for a ${type} order`);
      price = checkDecimal(input.price, n('--price'));
      const maxPlaces = pricePlaces(rules);
      if (maxPlaces !== undefined && places(price) > maxPlaces) {
        throw usage(`${n('--price')}: at most ${maxPlaces} decimal places for ${rules.symbol} (got ${price})`);
      }
      notional = norm(mul(size, price));
      // min_sell_amount is described both as a minimum and a maximum (spec 2.2): only buys are checked.
      if (side === 'buy' && rules.min_buy_amount && cmp(notional, rules.min_buy_amount) < 0) {
        throw usage(`${n('--size')} x ${n('--price')}: at least ${norm(rules.min_buy_amount)} ${rules.quote_currency} (got ${notional})`);
      }
    }
  }
  const clientOrderId = input.client_order_id !== undefined ? checkClientOrderId(input.client_order_id, n('--client-order-id')) : newClientOrderId();
  const stp = input.stpMode === undefined ? undefined : oneOf(input.stpMode, valuesOf(STP_MODES), n('--stp-mode'));
  const params: Array<readonly [string, unknown]> = [['symbol', rules.symbol], ['side', side], ['type', type]];
  if (size !== undefined) params.push(['size', size]);
  if (price !== undefined) params.push(['price', price]);
  if (marketBuy) params.push(['notional', notional]);
  params.push(['client_order_id', clientOrderId]);
  if (stp !== undefined) params.push(['stpMode', stp]);
  return {
    params, clientOrderId, symbol: rules.symbol, side, type,
    ...(size !== undefined ? { size } : {}), ...(price !== undefined ? { price } : {}), ...(notional !== undefined ? { notional } : {}),
  };
}

/** One line for the confirmation: side, pair, size, price and notional. */
export function describe(o: CheckedOrder, rules: PairRules): string {
  const amount = o.size !== undefined ? `${o.size} ${rules.base_currency}` : `${o.notional} ${rules.quote_currency} of ${rules.base_currency}`;
  const at = o.price !== undefined ? ` at ${o.price} ${rules.quote_currency}` : ' at market';
  const total = o.price !== undefined && o.notional !== undefined ? ` (notional ${o.notional} ${rules.quote_currency})` : '';
  return `${o.type} ${o.side.toUpperCase()} ${amount} on ${o.symbol}${at}${total}`;
}
