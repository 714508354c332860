/**
 * The sandbox exchange: accounts, the matching engine, the simulated market and the tapes behind
 * one {@link ExchangeApi}. The simulation advances on a timer and, lazily, before every call, so
 * what a caller sees is always current. Its state, time and events are ./exchange-base.ts; here
 * are the calls: pairs, market reads, accounts and orders.
 */
import type { Side } from '../../api/catalogue/vocab.js';
import type {
  Balance, DepthView, ExchangeApi, KlineView, OrderStatus, OrderView, FillView, PairDetails, PlaceRequest,
  Permission, SandboxAccount, TickerView, TradeView,
} from '../exchange-api.js';
import { DEFAULT_DEPOSIT, type AccountRec } from '../accounts.js';
import type { OrderRef } from '../engine/hooks.js';
import { CURRENCIES, currencyName, PAIRS, pairSpec } from '../engine/pairs.js';
import { fail } from '../errors.js';
import { ExchangeBase } from './exchange-base.js';
import { fillView, klineView, orderView, priceText, tickerView, tradeView } from './record-views.js';
import { cmp, isDecimal } from '../../util/decimal.js';
import { fundingRecords, type FundingRecord } from './funding.js';
import { withdraw, type WithdrawRequest } from './withdrawals.js';

/** Newest first; ids break a tie (they grow). */
const newestFirst = (a: { t: number; id: string }, b: { t: number; id: string }) => b.t - a.t || (BigInt(b.id) > BigInt(a.id) ? 1 : -1);

export class Exchange extends ExchangeBase implements ExchangeApi {
  symbols(): string[] {
    return PAIRS.map((p) => p.details.symbol);
  }

  details(symbol: string): PairDetails | undefined {
    return pairSpec(symbol)?.details;
  }

  ticker(symbol: string): TickerView {
    const tape = this.tape(symbol);
    const now = this.clock();
    const s = tape.stats24h(now);
    const book = this.engine.book(symbol);
    const [bid] = book.levels('buy', 1);
    const [ask] = book.levels('sell', 1);
    return tickerView(symbol, s, bid, ask, now);
  }

  /** `precision`: decimals to group prices to (bids down, asks up); default the pair's full precision. */
  depth(symbol: string, levels: number, precision?: number): DepthView {
    this.tape(symbol);
    const book = this.engine.book(symbol);
    const side = (s: Side) => book.levels(s, levels, precision).map((l) => [priceText(symbol, l.price), l.size] as const);
    return { bids: side('buy'), asks: side('sell'), ms_t: this.clock() };
  }

  /** Depth levels with their order counts (REST book). */
  depthCounts(symbol: string, levels: number, precision?: number) {
    this.tape(symbol);
    const book = this.engine.book(symbol);
    return { bids: book.levels('buy', levels, precision), asks: book.levels('sell', levels, precision), ms_t: this.clock() };
  }

  trades(symbol: string, n: number): TradeView[] {
    return this.tape(symbol).trades.slice(-n).reverse().map(tradeView);
  }

  klines(symbol: string, stepMinutes: number, fromSec: number, toSec: number): KlineView[] {
    return this.tape(symbol).klines(stepMinutes, fromSec, toSec).map((c) => klineView(symbol, c));
  }

  accountByKey(key: string): SandboxAccount | undefined {
    return this.accounts.byApiKey(key);
  }

  account(id: string): AccountRec | undefined {
    return this.accounts.get(id);
  }

  createAccount(deposit: Readonly<Record<string, string>> = DEFAULT_DEPOSIT, permissions: Permission = 'trade'): SandboxAccount {
    for (const [cur, amount] of Object.entries(deposit)) {
      if (!CURRENCIES.some((c) => c.id === cur)) throw fail(60002);
      if (!isDecimal(amount) || cmp(amount, '0') < 0) throw fail(50021, `deposit of ${cur}`);
    }
    const a = this.accounts.create(permissions, this.clock());
    for (const [cur, amount] of Object.entries(deposit)) this.ledger.deposit(a.id, cur, amount);
    return a;
  }

  balances(accountId: string): Balance[] {
    this.advance();
    return CURRENCIES.map((c) => {
      const s = this.ledger.slot(accountId, c.id);
      return { currency: c.id, name: currencyName(c.id), available: s.available, frozen: s.frozen };
    });
  }

  placeOrder(accountId: string, req: PlaceRequest): OrderView {
    this.advance();
    return this.mutate(() => orderView(this.engine.place(accountId, req, this.clock())));
  }

  cancelOrder(accountId: string, symbol: string, ref: OrderRef): OrderView {
    this.tape(symbol);
    return this.mutate(() => orderView(this.engine.cancel(accountId, symbol, ref, this.clock())));
  }

  cancelAll(accountId: string, symbol: string, side?: Side): OrderView[] {
    this.tape(symbol);
    return this.mutate(() => this.engine.cancelAll(accountId, symbol, side, this.clock()).map(orderView));
  }

  order(accountId: string, symbol: string, ref: OrderRef): OrderView | undefined {
    this.tape(symbol);
    const o = this.engine.find(accountId, symbol, ref);
    return o && orderView(o);
  }

  orders(accountId: string, symbol: string, statuses: readonly OrderStatus[], n: number): OrderView[] {
    this.tape(symbol);
    return this.engine.list(accountId, symbol, statuses, n).map(orderView);
  }

  fills(accountId: string, symbol: string, orderId?: string): FillView[] {
    this.tape(symbol);
    return this.engine.fills(accountId, symbol, orderId).map(fillView);
  }

  /** An order of the account in any pair, by order id or client order id. */
  orderAnywhere(accountId: string, ref: OrderRef): OrderView | undefined {
    for (const s of this.symbols()) {
      const o = this.order(accountId, s, ref);
      if (o) return o;
    }
    return undefined;
  }

  /** Orders of the account with one of `statuses`, of one pair or of every pair, newest first, at most `n`. */
  ordersAcross(accountId: string, symbol: string | undefined, statuses: readonly OrderStatus[], n: number): OrderView[] {
    const all = (symbol ? [symbol] : this.symbols()).flatMap((s) => this.orders(accountId, s, statuses, n));
    return all.sort((a, b) => newestFirst({ t: a.create_time, id: a.order_id }, { t: b.create_time, id: b.order_id })).slice(0, n);
  }

  /** Fills of the account, of one pair or of every pair, newest first. */
  fillsAcross(accountId: string, symbol: string | undefined): FillView[] {
    const all = (symbol ? [symbol] : this.symbols()).flatMap((s) => this.fills(accountId, s));
    return all.sort((a, b) => newestFirst({ t: a.create_time, id: a.detail_id }, { t: b.create_time, id: b.detail_id }));
  }

  /** Withdraws from the paper ledger (./withdrawals.ts); the record is kept in the saved state. */
  withdraw(accountId: string, req: WithdrawRequest): FundingRecord {
    this.advance();
    const r = this.mutate(() => withdraw(this.ledger, accountId, req, this.newId(), this.clock()));
    this.withdrawals.push({ account: accountId, record: r });
    this.fundsMoved(accountId, [req.currency.split('-')[0]!]);
    return r;
  }

  /** The account's funding records, made up (funding.ts) and its own withdrawals, newest first. */
  fundingRecords(a: AccountRec): FundingRecord[] {
    const own = this.withdrawals.filter((w) => w.account === a.id).map((w) => w.record).reverse();
    return [...own, ...fundingRecords(a)];
  }
}
