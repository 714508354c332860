/** A small ExchangeApi with canned data for WebSocket tests: emit events by hand, read what the server sends. */
import { EventEmitter } from 'node:events';
import type { DepthView, ExchangeApi, KlineView, OrderView, SandboxAccount, TickerView, TradeView } from '../../src/sandbox/exchange-api.js';

export const ACCOUNT: SandboxAccount = { id: 'acc1', key: 'k-test', secret: 's3cret', memo: 'memo1', permissions: 'trade' };

export class FakeExchange extends EventEmitter {
  bid = '100.00';
  ask = '100.50';
  last = '100.25';
  tradesList: TradeView[] = [];
  openOrders: OrderView[] = [];

  symbols(): string[] {
    return ['BTC_USDT', 'ETH_USDT'];
  }
  details(symbol: string) {
    return this.symbols().includes(symbol) ? ({ symbol } as never) : undefined;
  }
  ticker(symbol: string): TickerView {
    return {
      symbol, last_price: this.last, base_volume_24h: '12.5', quote_volume_24h: '1250.00', high_24h: '101.00', low_24h: '99.00',
      open_24h: '99.50', close_24h: this.last, fluctuation: '0.0075', best_ask: this.ask, best_ask_size: '1.5', best_bid: this.bid,
      best_bid_size: '2.0', url: '', ms_t: 1_700_000_000_000,
    };
  }
  depth(_symbol: string, levels: number): DepthView {
    const asks: [string, string][] = [];
    const bids: [string, string][] = [];
    // Levels 0.50 apart from the top of the book, in cents so the text stays exact.
    const cents = (p: string) => Math.round(Number(p.replace('.', '')) * (p.includes('.') ? 10 ** (2 - p.split('.')[1]!.length) : 100));
    const text = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    for (let i = 0; i < levels; i++) {
      asks.push([text(cents(this.ask) + 50 * i), i === 0 ? '1.500' : `${i + 1}.000`]);
      bids.push([text(cents(this.bid) - 50 * i), `${i + 2}.000`]);
    }
    return { asks, bids, ms_t: 1_700_000_000_000 };
  }
  trades(_symbol: string, n: number): TradeView[] {
    return this.tradesList.slice(0, n);
  }
  klines(symbol: string, step: number, _from: number, to: number): KlineView[] {
    const ts = Math.floor(to / (step * 60)) * step * 60;
    return [{ timestamp: ts, open: '100.0', high: '101.0', low: '99.0', close: this.last, last_price: this.last, volume: '3.2', quote_volume: '320.0' }];
  }
  accountByKey(key: string): SandboxAccount | undefined {
    return key === ACCOUNT.key ? ACCOUNT : undefined;
  }
  orders(accountId: string, symbol: string): OrderView[] {
    return this.openOrders.filter((o) => o.account_id === accountId && o.symbol === symbol);
  }

  /** A public trade: moves the last price and tells the listeners. */
  trade(symbol: string, price: string, size = '0.1', side: 'buy' | 'sell' = 'buy'): TradeView {
    const t: TradeView = { trade_id: String(this.tradesList.length + 1), symbol, price, size, side, time: Date.now() };
    this.last = price;
    this.tradesList.unshift(t);
    this.emit('trade', t);
    return t;
  }

  /** Moves the top of the book. */
  book(symbol: string, bid: string, ask: string): void {
    this.bid = bid;
    this.ask = ask;
    this.emit('book', symbol);
  }

  /** A busy market: a trade and a new top of book on BTC_USDT every `ms`; returns the stop function. */
  tick(ms: number): () => void {
    let i = 0;
    const t = setInterval(() => {
      const cents = 10 + (++i % 80);
      this.trade('BTC_USDT', `100.${cents}`);
      this.book('BTC_USDT', `100.${cents}`, `101.${cents}`);
    }, ms);
    return () => clearInterval(t);
  }

  asApi(): ExchangeApi {
    return this as unknown as ExchangeApi;
  }
}

export function order(over: Partial<OrderView> = {}): OrderView {
  return {
    order_id: '183347420821295423', client_order_id: 'c1', account_id: ACCOUNT.id, symbol: 'BTC_USDT', side: 'buy', type: 'limit',
    price: '99.00', size: '1.0', notional: '99.00', filled_size: '0', filled_notional: '0', price_avg: '0', status: 4,
    create_time: 1_700_000_000_000, update_time: 1_700_000_000_000, ...over,
  };
}
