/**
 * The update's part for what the world sends: pushes, REST answers, connection states and the
 * journals of conditional orders (./update.ts hands each such message here). Each change goes through
 * ./apply.ts, ./pnl.ts or ./algo-read.ts, which bump the version of the slice they change; a read of a
 * pair the terminal has left since is dropped.
 */
import { applyDepth, applyKline, applyOrder, applyRestBook, applyRestKlines, applyRestOrders, applyRestTrades, applyTicker, applyTrade, applyWallet } from './apply.js';
import { takeAlgos } from './algo-read.js';
import type { Effect, Msg } from './msg.js';
import { applyFillRows, applyPushedFill, pnlFailed } from './pnl.js';
import { isDecimal, isZero } from '../../util/decimal.js';
import { historyPush, takeHistory, takeOrderFills } from './history.js';
import { logAction, type TradeState } from './state.js';
import { takeAlgoCounts, takeCandles, takeOrders, takeTicker, watchOrderPush } from './watch.js';

/** The messages of the world (every one but keys, writes' answers and the pair switch). */
export type Received = Extract<Msg, { kind: 'push' | 'orderPush' | 'snapshot' | 'account' | 'algos' | 'fills' | 'fillsFailed' | 'conn' | 'subscribed' | 'counters' | 'log' | 'tick' | 'watchTicker' | 'watchCandles' | 'watchOrders' | 'history' | 'historyFailed' | 'orderFills' }>;

const SNAPSHOT = { ticker: applyTicker, book: applyRestBook, trades: applyRestTrades, candles: applyRestKlines } as const;
const PUSH = { depth: applyDepth, trade: applyTrade, kline: applyKline, ticker: applyTicker } as const;

export function receive(s: TradeState, m: Received): Effect[] {
  switch (m.kind) {
    case 'push':
      if (m.entry.symbol !== undefined && String(m.entry.symbol) !== s.symbol) return [];
      PUSH[m.channel](s, m.entry);
      return [];
    case 'orderPush':
      return orderPush(s, m);
    case 'snapshot':
      if (m.symbol === s.symbol) SNAPSHOT[m.part](s, m.data as Record<string, unknown>);
      return [];
    case 'account':
      if (m.symbol !== s.symbol) return [];
      applyWallet(s, m.wallet);
      applyRestOrders(s, m.orders);
      return [];
    case 'algos': {
      if (m.perPair) takeAlgoCounts(s, m.perPair);
      if (m.symbol !== s.symbol) return [];
      const r = takeAlgos(s, m.algos, m.at);
      return r === 'failed' ? [{ kind: 'bell', why: 'alarm' }] : r === 'fired' ? [{ kind: 'bell', why: 'alert' }] : [];
    }
    case 'watchTicker':
      takeTicker(s, m.entry, m.at);
      return [];
    case 'watchCandles':
      takeCandles(s, m.symbol, m.data);
      return [];
    case 'watchOrders':
      // The current pair's open orders are the account's, read and pushed on their own.
      if (m.symbol !== s.symbol) takeOrders(s, m.symbol, m.orders);
      return [];
    case 'history':
      if (m.symbol === s.symbol) takeHistory(s, m.orders, m.fills);
      return [];
    case 'historyFailed':
      if (m.symbol !== s.symbol) return [];
      s.history.status = 'failed';
      s.versions.history++;
      logAction(s, 'error', m.text, m.at);
      return [];
    case 'orderFills':
      if (m.symbol !== s.symbol) return [];
      if (m.failed !== undefined) {
        s.history.reading.delete(m.orderId);
        s.versions.history++;
        logAction(s, 'error', `reading the fills of order ${m.orderId}: ${m.failed}`, m.at);
        return [];
      }
      takeOrderFills(s, m.orderId, m.rows);
      return [];
    case 'fills':
      if (m.symbol === s.symbol) applyFillRows(s, m.rows, m.complete);
      return [];
    case 'fillsFailed':
      if (m.symbol === s.symbol) pnlFailed(s);
      return [];
    case 'conn':
      // The order stream is ready only once its subscription is acknowledged (`subscribed`): logged in,
      // it is still `subscribing`, and an order's fill pushed meanwhile would reach no one.
      if (m.which === 'public') s.feed.state = m.state;
      else s.feed.privateState = m.state === 'ready' ? 'subscribing' : m.state;
      s.versions.feed++;
      return [];
    case 'subscribed':
      if (s.feed.privateState !== 'subscribing') return [];
      s.feed.privateState = 'ready';
      s.versions.feed++;
      return [];
    case 'counters':
      if (s.feed.lastMessageAt === m.lastMessageAt && s.feed.reconnects === m.reconnects) return [];
      s.feed.lastMessageAt = m.lastMessageAt;
      s.feed.reconnects = m.reconnects;
      s.versions.feed++;
      return [];
    case 'log':
      logAction(s, m.level, m.text, m.at);
      return [];
    case 'tick':
      return [{ kind: 'readAlgos' }];
    default: {
      const never: never = m;
      return never;
    }
  }
}

/** An order of the pair progressed: kept while open, its fill counted and said; the account is read again. */
function orderPush(s: TradeState, m: Extract<Msg, { kind: 'orderPush' }>): Effect[] {
  const e = m.entry;
  if (String(e.symbol) !== s.symbol) {
    watchOrderPush(s, e);
    return [];
  }
  historyPush(s, e);
  const event = applyOrder(s, e);
  const fx: Effect[] = [];
  const feeOf = event === 'fill' ? applyPushedFill(s, e) : undefined;
  if (feeOf) fx.push({ kind: 'readFee', orderId: feeOf });
  if (event === 'fill') logAction(s, 'ok', fillText(s, e), m.at);
  fx.push({ kind: 'refreshAccount' });
  if (event === 'fill') fx.push({ kind: 'bell', why: 'fill' });
  return fx;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const zero = (v: string) => v === '' || !isDecimal(v) || isZero(v);

/**
 * A fill's log line, saying what the order asked: `filled 0.0025 of 0.01 BTC`, or for a market buy
 * (sized by what it spends) `filled 0.00999 BTC for 649.98 of 650 USDT`, never "of 0".
 */
export function fillText(s: Pick<TradeState, 'rules'>, e: Record<string, unknown>): string {
  const { base_currency: base, quote_currency: quote } = s.rules;
  const size = str(e.size);
  const notional = str(e.notional);
  const filled = str(e.filled_size);
  const spent = str(e.filled_notional);
  const byNotional = zero(size) && !zero(notional);
  const total = byNotional
    ? `filled ${filled} ${base} for ${!zero(spent) ? `${spent} of ${notional}` : notional} ${quote}`
    : `filled ${filled} of ${size} ${base}`;
  return `fill: ${str(e.side)} ${str(e.last_fill_count) || filled} ${base} @ ${str(e.last_fill_price) || str(e.price)} (order ${str(e.order_id)}, ${total})`;
}
