/** A trading terminal's state with fixed data: the same screen every run. */
import { applyDepth, applyKline, applyOrder, applyTicker, applyTrade, applyWallet } from '../../../../src/commands/trade/apply.js';
import type { PairRules } from '../../../../src/core/order/pairs.js';
import { applyFillRows } from '../../../../src/commands/trade/pnl.js';
import { initialState, SLICES, type Slice, type TradeState } from '../../../../src/commands/trade/state.js';
import type { Effect, Msg } from '../../../../src/commands/trade/msg.js';
import { update } from '../../../../src/commands/trade/update.js';
import { candleStep } from '../../../../src/commands/trade/step.js';
import { takeAlgoCounts, takeCandles, takeOrders, takeTicker } from '../../../../src/commands/trade/watch.js';
import { TickerBoard } from '../../../../src/core/live/tickers.js';

export const RULES: PairRules = {
  symbol: 'BTC_USDT', base_currency: 'BTC', quote_currency: 'USDT', quote_increment: '0.00001', base_min_size: '0.00001',
  base_max_size: '100000000', price_max_precision: '2', min_buy_amount: '5', min_sell_amount: '5', trade_status: 'trading',
};

/** 12:00:00 UTC on 2026-11-02, ms. */
export const NOW = Date.UTC(2026, 10, 2, 12, 0, 0);

const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** A state with a book of 20 levels a side, trades, candles, balances and two open orders. */
export function fixtureState(opts: { readOnly?: boolean; paper?: boolean; alertExec?: string } = {}): TradeState {
  const s = initialState({
    symbol: 'BTC_USDT', rules: RULES, pairs: ['BTC_USDT', 'ETH_USDT', 'ETH_BTC', 'SOL_USDT', 'BMX_ETH'],
    venue: { name: 'sandbox', url: '127.0.0.1:7700', profile: opts.readOnly ? 'none' : 'paper account', paper: opts.paper ?? true },
    readOnly: opts.readOnly ? 'no credentials: market panes only (add some with bm profile add NAME)' : undefined,
    step: candleStep('1m'), maxDeviation: '10', alertExec: opts.alertExec,
    watch: { pairs: ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'ETH_BTC'], board: new TickerBoard() },
  });
  watchFixture(s);
  const asks = Array.from({ length: 20 }, (_, i) => [cents(3000050 + i * 37), `0.${String(1200 + ((i * 7919) % 8800)).padStart(5, '0')}`]);
  const bids = Array.from({ length: 20 }, (_, i) => [cents(3000000 - i * 41), `0.${String(1500 + ((i * 6007) % 8500)).padStart(5, '0')}`]);
  applyDepth(s, { symbol: 'BTC_USDT', asks, bids, ms_t: NOW });
  applyTicker(s, { symbol: 'BTC_USDT', last_price: '30000.25', open_24h: '29500.00', high_24h: '30412.10', low_24h: '29380.55', base_volume_24h: '1234.56789' });
  for (let i = 0; i < 40; i++) {
    applyTrade(s, { symbol: 'BTC_USDT', price: cents(3000000 + ((i * 131) % 90) - 40), size: `0.0${String(100 + ((i * 53) % 900))}`, side: i % 3 ? 'buy' : 'sell', s_t: NOW / 1000 - (40 - i) * 3 });
  }
  for (let i = 0; i < 220; i++) {
    const t = NOW / 1000 - (220 - i) * 60;
    const open = 2990000 + Math.round(Math.sin(i / 9) * 9000) + i * 20;
    const close = open + Math.round(Math.cos(i / 4) * 2500);
    const high = Math.max(open, close) + 400 + (i % 7) * 150;
    const low = Math.min(open, close) - 300 - (i % 5) * 170;
    applyKline(s, { symbol: 'BTC_USDT', candle: [t, cents(open), cents(high), cents(low), cents(close), '1.5'] });
  }
  if (!opts.readOnly) {
    applyWallet(s, { wallet: [{ id: 'BTC', available: '0.99000', frozen: '0.01000' }, { id: 'USDT', available: '9700.00', frozen: '299.99' }, { id: 'ETH', available: '10', frozen: '0' }] });
    applyOrder(s, { symbol: 'BTC_USDT', order_id: '183347420821307660', client_order_id: 'fixture1', side: 'buy', type: 'limit', price: '29999.18', size: '0.01000', filled_size: '0', state: '4', ms_t: String(NOW - 60_000) });
    applyOrder(s, { symbol: 'BTC_USDT', order_id: '183347420821307661', client_order_id: 'fixture2', side: 'sell', type: 'limit', price: '30001.24', size: '0.01000', filled_size: '0.00250', state: '5', ms_t: String(NOW - 30_000) });
    // The pair's fills as read at start: a buy, then the part of fixture2 that filled.
    applyFillRows(s, [
      { detail_id: '9001', order_id: '183347420821307650', side: 'buy', price_avg: '29950.00', size: '0.02', notional: '599', fees: '0.00002', fee_coin_name: 'BTC', create_time: NOW - 3_600_000 },
      { detail_id: '9002', order_id: '183347420821307661', side: 'sell', price_avg: '30001.24', size: '0.0025', notional: '75.0031', fees: '0.0750031', fee_coin_name: 'USDT', create_time: NOW - 30_000 },
    ], true);
  }
  s.feed = { state: 'ready', privateState: opts.readOnly ? undefined : 'ready', lastMessageAt: NOW - 300, reconnects: 0 };
  return s;
}

/** The watchlist's pairs moving: tickers at NOW, thirty minutes of sparks, an open order and a stop on ETH_USDT. */
function watchFixture(s: TradeState): void {
  const pairs: ReadonlyArray<readonly [string, number, number, string, string]> = [
    ['BTC_USDT', 30000.25, 2, '29500.00', '1234.56789'], ['ETH_USDT', 3200.12, 2, '3310.40', '8812.1200'], ['SOL_USDT', 148.25, 3, '141.100', '50211.43'], ['ETH_BTC', 0.04923, 6, '0.049100', '310.220'],
  ];
  pairs.forEach(([symbol, last, places, open, volume], k) => {
    const klines = Array.from({ length: 30 }, (_, i) => ({ timestamp: NOW / 1000 - (30 - i) * 60, close: (last * (1 + Math.sin((i + k * 7) / 4) * 0.002)).toFixed(places) }));
    takeCandles(s, symbol, { klines });
    takeTicker(s, { symbol, last_price: last.toFixed(places), open_24h: open, high_24h: open, low_24h: open, base_volume_24h: volume }, NOW);
  });
  if (!s.readOnly) {
    takeOrders(s, 'ETH_USDT', { orders: [{ order_id: '77', status: '4' }] });
    takeAlgoCounts(s, new Map([['ETH_USDT', 1], ['BTC_USDT', 1]]));
  }
}

/** Sends `m` through the update; returns its effects and the slices whose versions it moved. */
export function send(s: TradeState, m: Msg): { fx: Effect[]; moved: Slice[] } {
  const was = { ...s.versions };
  const fx = update(s, m);
  return { fx, moved: SLICES.filter((k) => s.versions[k] !== was[k]) };
}

/** Keys through the update, one message each, at NOW. */
export const keysTo = (s: TradeState, ...keys: string[]) => keys.map((k) => send(s, { kind: 'key', key: k, at: NOW }));
