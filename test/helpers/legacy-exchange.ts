// A small in-memory ExchangeApi for the legacy tests, until the real sandbox exchange lands:
// two pairs, fixed market data, orders that rest until a test fills or cancels them.
import type { Side } from '../../src/api/catalogue/vocab.js';
import type {
  Balance, DepthView, ExchangeApi, FillView, KlineView, OrderStatus, OrderView, PairDetails, Permission, PlaceRequest, SandboxAccount, TickerView, TradeView,
} from '../../src/sandbox/exchange-api.js';
import { ExchangeError } from '../../src/sandbox/exchange-api.js';
import { add, cmp, mul, norm, sub } from '../../src/util/decimal.js';

export const ACCOUNT: SandboxAccount = { id: '1', key: 'legacy-key-1', secret: 'legacy-secret-1', memo: 'legacy-memo', permissions: 'trade' };

function details(symbol: string, id: number): PairDetails {
  const [base, quote] = symbol.split('_') as [string, string];
  return {
    symbol, symbol_id: id, base_currency: base, quote_currency: quote, quote_increment: '0.0001', base_min_size: '0.0001',
    base_max_size: '1000', price_min_precision: 1, price_max_precision: 2, expiration: 'NA', min_buy_amount: '1',
    min_sell_amount: '1', trade_status: 'trading',
  };
}

export class FakeExchange implements ExchangeApi {
  readonly accounts = [ACCOUNT];
  readonly pairs = [details('BTC_USDT', 1), details('ETH_USDT', 2)];
  readonly ordersById = new Map<string, OrderView>();
  readonly fillList: FillView[] = [];
  /** Starts beyond 2^53: ids must stay exact end to end. */
  private nextId = 183347420821295423n;
  private clock = 1_700_000_000_000;

  on(): void {}
  off(): void {}
  symbols(): string[] {
    return this.pairs.map((p) => p.symbol);
  }
  details(symbol: string): PairDetails | undefined {
    return this.pairs.find((p) => p.symbol === symbol);
  }
  ticker(symbol: string): TickerView {
    return {
      symbol, last_price: '30000.5', base_volume_24h: '12.5', quote_volume_24h: '375006.25', high_24h: '31000', low_24h: '29000',
      open_24h: '29500', close_24h: '30000.5', fluctuation: '0.0170', best_ask: '30001', best_ask_size: '0.5', best_bid: '30000',
      best_bid_size: '0.25', url: `https://sandbox/${symbol}`, ms_t: this.clock,
    };
  }
  depth(): DepthView {
    return {
      bids: [['30000.004', '1'], ['30000.001', '2'], ['29999.5', '0.5']],
      asks: [['30001.001', '1.5'], ['30001.009', '0.5'], ['30002', '3']],
      ms_t: this.clock,
    };
  }
  trades(symbol: string): TradeView[] {
    return [{ trade_id: '9', symbol, price: '30000.5', size: '0.002', side: 'buy', time: 1_700_000_000_000 }];
  }
  klines(_symbol: string, step: number, fromSec: number, toSec: number): KlineView[] {
    const out: KlineView[] = [];
    const first = Math.ceil(fromSec / (step * 60)) * step * 60;
    for (let t = first; t <= toSec; t += step * 60) {
      out.push({ timestamp: t, open: '1.1', high: '1.3', low: '1.0', close: '1.2', last_price: '1.2', volume: '5', quote_volume: '6' });
    }
    return out;
  }
  accountByKey(key: string): SandboxAccount | undefined {
    return this.accounts.find((a) => a.key === key);
  }
  createAccount(_deposit: Readonly<Record<string, string>>, _permissions?: Permission): SandboxAccount {
    throw new Error('not in the fake');
  }
  balances(): Balance[] {
    return [
      { currency: 'BTC', name: 'Bitcoin', available: '1.50000000', frozen: '0.00000000' },
      { currency: 'USDT', name: 'Tether', available: '100000.00', frozen: '0.00' },
    ];
  }
  placeOrder(accountId: string, req: PlaceRequest): OrderView {
    if (!this.details(req.symbol)) throw new ExchangeError(50001, 'Symbol not found');
    if (cmp(mul(req.size ?? '0', req.price ?? '0'), '1000000') > 0) throw new ExchangeError(50020, 'Balance not enough');
    const id = String(this.nextId++);
    const o: OrderView = {
      order_id: id, client_order_id: `c${id}`, account_id: accountId, symbol: req.symbol, side: req.side, type: req.type,
      price: req.price ?? '', size: req.size ?? '', notional: '', filled_size: '0', filled_notional: '0', price_avg: '0',
      status: 4, create_time: this.clock++, update_time: this.clock,
    };
    this.ordersById.set(id, o);
    return o;
  }
  /** Test helper: a fill of `size` on an order (taker when `taker`). */
  fill(orderId: string, size: string, taker = false): void {
    const o = this.ordersById.get(orderId)!;
    const filled = add(o.filled_size, size);
    const status: OrderStatus = cmp(filled, o.size) >= 0 ? 6 : 5;
    this.ordersById.set(orderId, { ...o, filled_size: norm(filled), status });
    this.fillList.unshift({
      detail_id: String(900000000000000001n + BigInt(this.fillList.length)), order_id: orderId, client_order_id: o.client_order_id,
      account_id: o.account_id, symbol: o.symbol, side: o.side, price: o.price, size, notional: norm(mul(size, o.price)),
      fees: '0.01', fee_coin_name: 'USDT', exec_type: taker ? 'T' : 'M', create_time: this.clock++,
    });
  }
  cancelOrder(accountId: string, symbol: string, ref: { order_id?: string }): OrderView {
    const o = this.order(accountId, symbol, ref);
    if (!o) throw new ExchangeError(50032, 'Order does not exist');
    if (o.status === 8) throw new ExchangeError(50030, 'Order already canceled');
    if (o.status === 6) throw new ExchangeError(50031, 'Order already completed');
    const done = { ...o, status: 8 as const };
    this.ordersById.set(o.order_id, done);
    return done;
  }
  cancelAll(accountId: string, symbol: string, side?: Side): OrderView[] {
    const open = this.orders(accountId, symbol, [4, 5], 1000).filter((o) => !side || o.side === side);
    return open.map((o) => this.cancelOrder(accountId, symbol, { order_id: o.order_id }));
  }
  order(accountId: string, symbol: string, ref: { order_id?: string }): OrderView | undefined {
    const o = ref.order_id ? this.ordersById.get(ref.order_id) : undefined;
    return o && o.account_id === accountId && o.symbol === symbol ? o : undefined;
  }
  orders(accountId: string, symbol: string, statuses: readonly OrderStatus[], n: number): OrderView[] {
    return [...this.ordersById.values()]
      .filter((o) => o.account_id === accountId && o.symbol === symbol && statuses.includes(o.status))
      .sort((a, b) => b.create_time - a.create_time)
      .slice(0, n);
  }
  fills(accountId: string, symbol: string, orderId?: string): FillView[] {
    return this.fillList.filter((f) => f.account_id === accountId && f.symbol === symbol && (!orderId || f.order_id === orderId));
  }
}

/** Remaining size of an order, for assertions. */
export function remaining(o: OrderView): string {
  return norm(sub(o.size, o.filled_size));
}
