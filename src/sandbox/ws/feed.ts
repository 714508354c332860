/**
 * Turns exchange events into pushes: one state per subscribed topic, at most one push per topic per
 * interval (spec 8.3: 0.5 s), each push deflated once and sent to every subscriber as the same frame.
 * A subscriber's snapshot counts as a push: the topic's next push waits a whole interval after it.
 * The incremental book is pushed at its own fixed cadence (facts.md 4: every 100 ms), changed or not.
 * The account's channels (orders of a pair or of all, balances) have no snapshot: the subscription's
 * acknowledgement comes first, then a push for each placement, fill, cancel or withdrawal; a balance push
 * carries one currency, so several that moved together go out as several pushes.
 */
import { deflateRawSync } from 'node:zlib';
import type { ExchangeApi, FillView, OrderView, TradeView } from '../exchange-api.js';
import { ALL_SYMBOLS, BALANCE_UPDATE, CHANNEL, CHANNELS, DEPTH_LEVELS, KLINE_INTERVALS, topicOf, type ChannelInfo } from '../../api/catalogue/channels.js';
import type { BalanceEvent } from '../../api/catalogue/later-vocab.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { IncrementalBook, INCREMENT_MS } from './increments.js';
import { balanceEntries, depthEntry, klineEntry, orderEntry, tickerEntry, tradeEntry, type Entry } from './payloads.js';

export interface Subscriber {
  /** A compressed push frame (raw DEFLATE of `{table, data}`). */
  push(frame: Buffer): void;
}

interface TopicState {
  readonly table: string;
  readonly info: ChannelInfo;
  readonly symbol: string;
  /** The account of a private topic. */
  readonly account: string | undefined;
  readonly subs: Set<Subscriber>;
  /** Trades or order progress collected since the last push (event channels). */
  pending: Entry[];
  dirty: boolean;
  last: number;
  timer: NodeJS.Timeout | undefined;
  /** The versioned book of an incremental channel. */
  inc?: IncrementalBook;
}

export interface FeedOptions {
  /** Minimum ms between two pushes of one topic. */
  readonly intervalMs?: number;
  readonly log?: (line: string) => void;
  readonly now?: () => number;
}

/** Raw DEFLATE of one push. */
export function encodePush(table: string, data: readonly Entry[]): Buffer {
  return deflateRawSync(Buffer.from(JSON.stringify({ table, data }), 'utf8'));
}

function keyOf(topic: string, accountId?: string): string {
  return accountId ? `${accountId}|${topic}` : topic;
}

export class Feed {
  private readonly topics = new Map<string, TopicState>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly log: ((line: string) => void) | undefined;

  constructor(private readonly ex: ExchangeApi, opts: FeedOptions = {}) {
    this.intervalMs = opts.intervalMs ?? PROTOCOL.wsPushIntervalMs;
    this.now = opts.now ?? Date.now;
    this.log = opts.log;
    ex.on('trade', this.onTrade);
    ex.on('book', this.onBook);
    ex.on('order', this.onOrder);
    ex.on('funding', this.onFunding);
  }

  stop(): void {
    this.ex.off('trade', this.onTrade);
    this.ex.off('book', this.onBook);
    this.ex.off('order', this.onOrder);
    this.ex.off('funding', this.onFunding);
    for (const st of this.topics.values()) clearTimeout(st.timer);
    this.topics.clear();
  }

  /** Subscribes and sends the current data to `sub` at once. `accountId` scopes private topics. */
  add(sub: Subscriber, table: string, symbol: string, accountId?: string): void {
    const info = CHANNELS.get(table)!;
    const key = keyOf(topicOf(table, symbol), accountId);
    let st = this.topics.get(key);
    if (!st) {
      st = { table, info, symbol, account: accountId, subs: new Set(), pending: [], dirty: false, last: 0, timer: undefined };
      if (info.incremental) st.inc = new IncrementalBook(this.ex, symbol);
      this.topics.set(key, st);
    }
    // Read before joining: the read catches the market up, and what that pushes is in this snapshot.
    const data = this.initial(st);
    st.subs.add(sub);
    if (info.private) return;
    sub.push(encodePush(table, data));
    st.last = this.now();
    if (st.inc || st.timer) this.arm(st);
  }

  remove(sub: Subscriber, topic: string, accountId?: string): void {
    const key = keyOf(topic, accountId);
    const st = this.topics.get(key);
    if (!st) return;
    st.subs.delete(sub);
    if (st.subs.size === 0) {
      clearTimeout(st.timer);
      this.topics.delete(key);
    }
  }

  /** The first push of a public topic (private ones have none). */
  private initial(st: TopicState): Entry[] {
    if (st.info.private) return [];
    if (st.inc) return [st.inc.snapshot()];
    if (st.info.kind === 'trade') return this.ex.trades(st.symbol, 20).slice().reverse().map(tradeEntry);
    return this.snapshot(st);
  }

  private snapshot(st: TopicState): Entry[] {
    switch (st.info.kind) {
      case 'ticker':
        return [tickerEntry(this.ex, st.symbol)];
      case 'depth': {
        if (!st.inc) return [depthEntry(this.ex, st.symbol, st.info.n!)];
        return [st.inc.update(true)!];
      }
      case 'kline': {
        const k = klineEntry(this.ex, st.symbol, st.info.n!, this.now());
        return k ? [k] : [];
      }
      case 'balance':
        return balanceEntries(this.ex, st.account!, st.pending.splice(0), this.now());
      default:
        return st.pending.splice(0);
    }
  }

  private readonly onTrade = (t: TradeView): void => {
    this.mark(topicOf(CHANNEL.trade, t.symbol), tradeEntry(t));
    this.mark(topicOf(CHANNEL.ticker, t.symbol));
    for (const i of KLINE_INTERVALS) this.mark(topicOf(CHANNEL.kline(i), t.symbol));
  };

  private readonly onBook = (symbol: string): void => {
    for (const n of DEPTH_LEVELS) this.mark(topicOf(CHANNEL.depth(n), symbol));
    this.mark(topicOf(CHANNEL.increase, symbol));
    this.mark(topicOf(CHANNEL.ticker, symbol));
  };

  private readonly onOrder = (o: OrderView, fill?: FillView): void => {
    const entry = orderEntry(o, fill);
    this.mark(keyOf(topicOf(CHANNEL.order, o.symbol), o.account_id), entry);
    this.mark(keyOf(topicOf(CHANNEL.orders, ALL_SYMBOLS), o.account_id), entry);
    // A placement or a cancel moves the currency the order holds; a fill both.
    const [base, quote] = o.symbol.split('_') as [string, string];
    this.moved(o.account_id, fill ? [base, quote] : [o.side === 'buy' ? quote : base], 'TRANSACTION_COMPLETED');
  };

  private readonly onFunding = (accountId: string, currencies: readonly string[]): void => {
    this.moved(accountId, currencies, 'ACCOUNT_WITHDRAWAL');
  };

  private moved(accountId: string, currencies: readonly string[], event: BalanceEvent): void {
    for (const ccy of currencies) this.mark(keyOf(topicOf(CHANNEL.balance, BALANCE_UPDATE), accountId), { ccy, event });
  }

  private mark(key: string, entry?: Entry): void {
    const st = this.topics.get(key);
    if (!st) return;
    if (entry) st.pending.push(entry);
    st.dirty = true;
    if (st.timer || st.inc) return;
    if (st.last + this.intervalMs <= this.now()) this.flush(st);
    else this.arm(st);
  }

  /** Schedules the topic's next push one interval after its last (the incremental book's: 100 ms). */
  private arm(st: TopicState): void {
    clearTimeout(st.timer);
    const every = st.inc ? Math.min(this.intervalMs, INCREMENT_MS) : this.intervalMs;
    st.timer = setTimeout(() => this.flush(st), Math.max(0, st.last + every - this.now()));
  }

  private flush(st: TopicState): void {
    st.timer = undefined;
    if (!st.dirty && !st.inc) return;
    st.dirty = false;
    let data: Entry[] = [];
    try {
      data = this.snapshot(st);
    } catch (e) {
      // The exchange refused a query (a pair delisted meanwhile...): skip this push, keep serving.
      this.log?.(`ws push of ${st.table}:${st.symbol} skipped: ${(e as Error).message}`);
    }
    if (data.length) {
      st.last = this.now();
      // A balance push carries one currency (the only shape ccxt reads whole).
      const frames = st.info.kind === 'balance' ? data.map((d) => encodePush(st.table, [d])) : [encodePush(st.table, data)];
      for (const frame of frames) for (const s of st.subs) s.push(frame);
    }
    // The incremental book keeps its cadence while anyone is subscribed (a skipped push waits a whole period).
    if (st.inc && st.subs.size) {
      if (!data.length) st.last = this.now();
      this.arm(st);
    }
  }
}
