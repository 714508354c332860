/**
 * The engine's records. {@link OrderRec} and {@link FillRec} are plain data (decimal strings, id
 * strings) as they persist; a live order is an {@link Order}: the same fields read through getters,
 * kept as scaled integers (units.ts) while it trades.
 */
import { STATUS_NUMBER } from '../../api/catalogue/statuses.js';
import type { Side } from '../../api/catalogue/vocab.js';
import type { OrderStatus, OrderType } from '../exchange-api.js';
import { amountText, fixedText, toAmount, toUnits, unitsText, type PairUnits } from './units.js';

/** An order as saved. */
export interface OrderRec {
  readonly id: string;
  readonly cid: string;
  readonly acct: string;
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  /** '' for market orders. */
  readonly price: string;
  /** Base size; '0' for a market buy. */
  readonly size: string;
  /** Quote amount of a market buy, else price*size ('' for a market sell). */
  readonly notional: string;
  readonly filledSize: string;
  readonly filledNotional: string;
  readonly status: OrderStatus;
  /** ms */
  readonly ct: number;
  readonly ut: number;
  /** What is still frozen for this order: quote for a buy, base for a sell. */
  readonly frozen: string;
}

/** A live order: integers inside, the {@link OrderRec} fields outside. */
export class Order implements OrderRec {
  status: OrderStatus;
  ut: number;
  /** Size units filled. */
  filled: number;
  /** Quote filled, amount units. */
  filledQuote: bigint;
  /** Still frozen, amount units (quote for a buy, base for a sell). */
  held: bigint;

  constructor(
    readonly id: string,
    readonly cid: string,
    readonly acct: string,
    readonly symbol: string,
    readonly side: Side,
    readonly type: OrderType,
    /** Text as given, normalised: '' for market orders. */
    readonly price: string,
    readonly size: string,
    /** Market orders' notional as given ('' for a market sell); undefined: price*size, written when asked for. */
    private readonly given: string | undefined,
    readonly ct: number,
    readonly u: PairUnits,
    /** Price in ticks (0 for market orders). */
    readonly px: number,
    /** Size units (0 for a market buy). */
    readonly qty: number,
    held: bigint,
  ) {
    this.status = STATUS_NUMBER.pending;
    this.ut = ct;
    this.filled = 0;
    this.filledQuote = 0n;
    this.held = held;
  }

  get notional(): string {
    return this.given ?? unitsText(BigInt(this.px) * BigInt(this.qty), this.u.p + this.u.s);
  }

  get filledSize(): string {
    return unitsText(this.filled, this.u.s);
  }

  get filledNotional(): string {
    return amountText(this.filledQuote);
  }

  get frozen(): string {
    return amountText(this.held);
  }

  /** Size units still open (a market buy has no size: 0). */
  get open(): number {
    return this.qty - this.filled;
  }

  /** The price with the pair's full precision (`65000.10`), for books and views. */
  get priceText(): string {
    return fixedText(this.px, this.u.p);
  }

  /** Plain data, for the saved state. */
  record(): OrderRec {
    return {
      id: this.id, cid: this.cid, acct: this.acct, symbol: this.symbol, side: this.side, type: this.type, price: this.price,
      size: this.size, notional: this.notional, filledSize: this.filledSize, filledNotional: this.filledNotional,
      status: this.status, ct: this.ct, ut: this.ut, frozen: this.frozen,
    };
  }

  /** A live order from its saved record; undefined when a figure does not fit the pair's units. */
  static from(r: OrderRec, u: PairUnits): Order | undefined {
    const px = r.price === '' ? 0 : toUnits(r.price, u.p);
    const qty = toUnits(r.size, u.s);
    const filled = toUnits(r.filledSize, u.s);
    const quote = toAmount(r.filledNotional);
    const held = toAmount(r.frozen);
    if (px === undefined || qty === undefined || filled === undefined || quote === undefined || held === undefined) return undefined;
    const o = new Order(r.id, r.cid, r.acct, r.symbol, r.side, r.type, r.price, r.size, r.notional, r.ct, u, px, qty, held);
    o.status = r.status;
    o.ut = r.ut;
    o.filled = filled;
    o.filledQuote = quote;
    return o;
  }
}

export interface FillRec {
  readonly id: string;
  readonly orderId: string;
  readonly cid: string;
  readonly acct: string;
  readonly symbol: string;
  readonly side: Side;
  readonly price: string;
  readonly size: string;
  readonly notional: string;
  readonly fee: string;
  readonly feeCoin: string;
  readonly exec: 'M' | 'T';
  /** ms */
  readonly time: number;
}

/** One trade between a taker and a resting maker order. */
export interface TradeRec {
  readonly id: string;
  readonly symbol: string;
  readonly price: string;
  readonly size: string;
  readonly side: Side;
  /** ms */
  readonly time: number;
}
