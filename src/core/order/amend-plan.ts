/**
 * What an amend (cancel, then replace) asks for, worked out before anything is sent and again once
 * the old order is over: pure functions over the order as the venue shows it and the pair's rules.
 * The new order's size is its total: what the old order filled counts toward it, so an amend never
 * leaves more exposure than asked (the replace of a FIX cancel/replace, OrderQty less CumQty).
 */
import { statusLife } from '../../api/catalogue/statuses.js';
import { BmError, usage } from '../../errors.js';
import { cmp, isDecimal, norm, sub } from '../../util/decimal.js';
import type { Row } from '../../util/row.js';
import { checkDecimal } from '../params.js';
import { fieldText } from '../write/proof.js';
import { checkOrder, type CheckedOrder } from './check.js';
import type { PairRules } from './pairs.js';

/** Order types that rest on the book with a price and a size: the ones an amend can replace. */
export const AMENDABLE: ReadonlySet<string> = new Set(['limit', 'limit_maker']);

/** The order to amend, as read before the cancel. */
export interface OldOrder {
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly side: string;
  readonly type: string;
  readonly price: string;
  readonly size: string;
  readonly filled: string;
  readonly status: string;
}

/** The old order from its row (`order_detail`); undefined fields as ''. */
export function oldOrderOf(row: Row): OldOrder {
  const t = (f: string | readonly string[]) => fieldText(row, f) ?? '';
  return {
    orderId: t('order_id'), clientOrderId: t(['client_order_id', 'clientOrderId']), side: t('side'), type: t('type'),
    price: t('price'), size: t('size'), filled: t('filled_size') || '0', status: t('status'),
  };
}

/** `--price` and `--size` as given: at least one, each a positive decimal. Checked before any request. */
export function checkChange(price: string | undefined, size: string | undefined, names = { price: '--price', size: '--size' }): { price?: string; size?: string } {
  if (price === undefined && size === undefined) throw usage(`give ${names.price}, ${names.size} or both: what the order becomes`);
  return { ...(price !== undefined ? { price: checkDecimal(price, names.price) } : {}), ...(size !== undefined ? { size: checkDecimal(size, names.size) } : {}) };
}

/**
 * The new order at its full size (what filled is not known yet): checked against the pair's rules,
 * so a bad price or size is refused before the cancel leaves. Throws a venue error for an order that
 * is over or of a type that does not rest on the book.
 */
export function planReplace(old: OldOrder, change: { price?: string; size?: string }, rules: PairRules, clientOrderId?: string): CheckedOrder {
  const life = statusLife(old.status);
  if (life !== 'open') throw new BmError('venue', `order amend: order ${old.orderId} is ${life ?? `in state ${old.status}`}: there is nothing to amend`, { hint: `see it with: bm order get ${rules.symbol} --order-id ${old.orderId}` });
  if (!AMENDABLE.has(old.type)) throw usage(`order amend: order ${old.orderId} is a ${old.type} order: only ${[...AMENDABLE].join(' and ')} orders rest on the book with a price to change`);
  return checkOrder({
    symbol: rules.symbol, side: old.side, type: old.type, size: change.size ?? old.size, price: change.price ?? old.price,
    ...(clientOrderId !== undefined ? { client_order_id: clientOrderId } : {}),
  }, rules);
}

/** What is left to place once the old order is over: the new total less what filled, or why nothing is. */
export type Remainder = { readonly send: true; readonly order: CheckedOrder } | { readonly send: false; readonly why: string };

/** The replacement for what remains; `filled` is the old order's final filled size. Never throws. */
export function remainder(planned: CheckedOrder, filled: string, rules: PairRules): Remainder {
  if (!isDecimal(filled)) return { send: false, why: `the filled size of the old order is not shown ('${filled}')` };
  const total = planned.size!;
  if (cmp(filled, total) >= 0) return { send: false, why: `${norm(filled)} of it filled, as much as the new size ${total} or more` };
  const left = norm(sub(total, filled));
  try {
    const order = checkOrder({ symbol: planned.symbol, side: planned.side, type: planned.type, size: left, price: planned.price, client_order_id: planned.clientOrderId }, rules);
    return { send: true, order };
  } catch (err) {
    // The rules refuse the rest (below the minimum size or amount): nothing is placed rather than something else.
    return { send: false, why: `${norm(filled)} of it filled; the ${left} left is refused by the pair's rules (${(err as Error).message.replace(/^--/, '')})` };
  }
}
