/**
 * Settles one trade between an incoming (taker) order and a resting (maker) order: funds move
 * from the frozen balances of each side to the other, fees go to the fee account in the currency
 * each side receives. Only transfers, in integer amount units: the per-currency totals are conserved.
 */
import { STATUS_NUMBER } from '../../api/catalogue/statuses.js';
import type { PairDetails } from '../exchange-api.js';
import type { Ledger } from './ledger.js';
import type { FillRec, Order, TradeRec } from './types.js';
import { amountText, truncAmount, unitsText } from './units.js';

/** Fee rates, fractions of what the side receives. */
export const TAKER_FEE = '0.001';
export const MAKER_FEE = '0.0008';
/** A rate as an integer ratio. */
export type Ratio = readonly [bigint, bigint];
/** The rates of one exchange: the taker's and the maker's. */
export interface FeeRates {
  readonly taker: Ratio;
  readonly maker: Ratio;
}
/** The sandbox's rates ({@link TAKER_FEE}, {@link MAKER_FEE}) as integer ratios. */
export const DEFAULT_FEES: FeeRates = { taker: [1n, 1000n], maker: [8n, 10000n] };

/** A fee rate from its decimal text (`0.001`); undefined unless a plain decimal from 0 to 1. */
export function ratioOf(text: string): Ratio | undefined {
  const m = /^(0|[1-9][0-9]*)?(?:\.([0-9]{1,18}))?$/.exec(text);
  if (!m || text === '' || text === '.') return undefined;
  const places = m[2]?.length ?? 0;
  const r: Ratio = [BigInt(`${m[1] ?? '0'}${m[2] ?? ''}`), 10n ** BigInt(places)];
  return r[0] <= r[1] ? r : undefined;
}
/** The account the fees are collected into. */
export const FEE_ACCOUNT = 'fees';
/** Fees are truncated to this many decimals. */
const FEE_PLACES = 8;

export interface Settled {
  readonly trade: TradeRec;
  readonly takerFill: FillRec;
  readonly makerFill: FillRec;
}

function fee(amount: bigint, rate: readonly [bigint, bigint]): bigint {
  return truncAmount((amount * rate[0]) / rate[1], FEE_PLACES);
}

/** Moves the funds of a trade of `units` (size) at the maker's price and updates both orders. */
export function settle(ledger: Ledger, pair: PairDetails, taker: Order, maker: Order, units: number, now: number, nextId: () => string, rates: FeeRates = DEFAULT_FEES): Settled {
  const u = maker.u;
  const notional = BigInt(maker.px) * BigInt(units) * u.psToAmount;
  const size = BigInt(units) * u.sizeToAmount;
  const buyer = taker.side === 'buy' ? taker : maker;
  const seller = taker.side === 'buy' ? maker : taker;
  const base = pair.base_currency;
  const quote = pair.quote_currency;

  ledger.payFrozen(buyer.acct, seller.acct, quote, notional);
  buyer.held -= notional;
  ledger.payFrozen(seller.acct, buyer.acct, base, size);
  seller.held -= size;

  const buyerFee = fee(size, buyer === taker ? rates.taker : rates.maker);
  const sellerFee = fee(notional, seller === taker ? rates.taker : rates.maker);
  ledger.move(buyer.acct, FEE_ACCOUNT, base, buyerFee);
  ledger.move(seller.acct, FEE_ACCOUNT, quote, sellerFee);

  traded(taker, units, notional, now);
  traded(maker, units, notional, now);
  const sizeText = unitsText(units, u.s);
  const notionalText = amountText(notional);
  const trade: TradeRec = { id: nextId(), symbol: pair.symbol, price: maker.price, size: sizeText, side: taker.side, time: now };
  const takerBuys = buyer === taker;
  const takerFill = fillOf(nextId(), taker, maker.price, sizeText, notionalText, amountText(takerBuys ? buyerFee : sellerFee), takerBuys ? base : quote, 'T', now);
  const makerFill = fillOf(nextId(), maker, maker.price, sizeText, notionalText, amountText(takerBuys ? sellerFee : buyerFee), takerBuys ? quote : base, 'M', now);
  return { trade, takerFill, makerFill };
}

function traded(o: Order, units: number, notional: bigint, now: number): void {
  o.filled += units;
  o.filledQuote += notional;
  o.ut = now;
  const marketBuy = o.type === 'market' && o.side === 'buy';
  o.status = !marketBuy && o.filled >= o.qty ? STATUS_NUMBER.filled : STATUS_NUMBER.partially_filled;
}

function fillOf(id: string, o: Order, price: string, size: string, notional: string, fee: string, feeCoin: string, exec: 'M' | 'T', time: number): FillRec {
  return { id, orderId: o.id, cid: o.cid, acct: o.acct, symbol: o.symbol, side: o.side, price, size, notional, fee, feeCoin, exec, time };
}
