/**
 * Settles one trade between an incoming (taker) order and a resting (maker) order: funds move
 * from the frozen balances of each side to the other, fees go to the fee account in the currency
 * each side receives. Only transfers: the per-currency totals are conserved.
 */
import { add, cmp, mul, norm, sub, truncate } from '../../util/decimal.js';
import type { PairDetails } from '../exchange-api.js';
import type { Ledger } from './ledger.js';
import type { FillRec, OrderRec, TradeRec } from './types.js';

/** Fee rates, fractions of what the side receives. */
export const TAKER_FEE = '0.001';
export const MAKER_FEE = '0.0008';
/** The account the fees are collected into. */
export const FEE_ACCOUNT = 'fees';
/** Fees are truncated to this many decimals. */
const FEE_PLACES = 8;

export interface Settled {
  readonly trade: TradeRec;
  readonly takerFill: FillRec;
  readonly makerFill: FillRec;
}

/** Moves the funds of a trade of `size` at `price` and updates both orders. */
export function settle(
  ledger: Ledger, pair: PairDetails, taker: OrderRec, maker: OrderRec, price: string, size: string, now: number, nextId: () => string,
): Settled {
  const notional = norm(mul(price, size));
  const buyer = taker.side === 'buy' ? taker : maker;
  const seller = taker.side === 'buy' ? maker : taker;
  const base = pair.base_currency;
  const quote = pair.quote_currency;

  ledger.payFrozen(buyer.acct, seller.acct, quote, notional);
  buyer.frozen = norm(sub(buyer.frozen, notional));
  ledger.payFrozen(seller.acct, buyer.acct, base, size);
  seller.frozen = norm(sub(seller.frozen, size));

  const buyerFee = norm(truncate(mul(size, buyer === taker ? TAKER_FEE : MAKER_FEE), FEE_PLACES));
  const sellerFee = norm(truncate(mul(notional, seller === taker ? TAKER_FEE : MAKER_FEE), FEE_PLACES));
  ledger.move(buyer.acct, FEE_ACCOUNT, base, buyerFee);
  ledger.move(seller.acct, FEE_ACCOUNT, quote, sellerFee);

  for (const o of [taker, maker]) {
    o.filledSize = norm(add(o.filledSize, size));
    o.filledNotional = norm(add(o.filledNotional, notional));
    o.ut = now;
    const marketBuy = o.type === 'market' && o.side === 'buy';
    o.status = !marketBuy && cmp(o.filledSize, o.size) >= 0 ? 6 : 5;
  }
  const trade: TradeRec = { id: nextId(), symbol: pair.symbol, price, size, side: taker.side, time: now };
  const fill = (o: OrderRec, exec: 'M' | 'T'): FillRec => ({
    id: nextId(), orderId: o.id, cid: o.cid, acct: o.acct, symbol: pair.symbol, side: o.side, price, size, notional,
    fee: o === buyer ? buyerFee : sellerFee, feeCoin: o === buyer ? base : quote, exec, time: now,
  });
  return { trade, takerFill: fill(taker, 'T'), makerFill: fill(maker, 'M') };
}
