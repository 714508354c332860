/**
 * What a backtest counts while it runs: the bot's orders and fills as the exchange tells them, each
 * pair's P&L by the same core as `bm pnl` (weighted average cost, fees included), the time a position
 * was open, the fills that realized a gain or a loss, and the equity curve's points.
 */
import { addFill, NO_FILLS, type PnlFill, type PnlRunning } from '../../core/usecases/account.js';
import { cmp, isZero, norm, sub } from '../../util/decimal.js';
import type { Exchange } from '../../sandbox/exchange/exchange.js';
import type { FillView, OrderView } from '../../sandbox/exchange-api.js';
import { equityOf } from './value.js';

/** One fill of the bot, as `--trades` writes it. */
export interface TradeRow {
  /** ms since the epoch. */
  readonly time: number;
  readonly symbol: string;
  readonly side: string;
  readonly price: string;
  readonly size: string;
  readonly notional: string;
  readonly fee: string;
  readonly fee_coin: string;
  /** maker or taker. */
  readonly role: string;
  readonly order_id: string;
  /** P&L this fill realized (quote), fees included. */
  readonly realized: string;
}

export interface PairCount {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  orders: Set<string>;
  run: PnlRunning;
  /** Fills that realized something, and those that realized more than nothing. */
  closes: number;
  wins: number;
  /** ms with a position open, and since when the open one is (undefined: none). */
  exposedMs: number;
  openSince: number | undefined;
}

export class Tracker {
  readonly pairs = new Map<string, PairCount>();
  readonly trades: TradeRow[] = [];
  /** [ms, equity in the quote currency]. */
  readonly equity: [number, string][] = [];
  /** ms any position was open, and since when (undefined: none open). */
  exposedMs = 0;
  private openSince: number | undefined;
  private readonly seen = new Set<string>();
  private readonly unvalued = new Set<string>();

  constructor(private readonly ex: Exchange, readonly account: string, readonly quote: string, private readonly keepTrades: boolean) {
    ex.on('order', (o, f) => this.onOrder(o, f));
  }

  /** Currencies held that could not be valued in the quote currency. */
  get unvaluedCurrencies(): string[] {
    return [...this.unvalued].sort();
  }

  private pair(symbol: string): PairCount {
    let p = this.pairs.get(symbol);
    if (!p) {
      const d = this.ex.details(symbol)!;
      p = { symbol, base: d.base_currency, quote: d.quote_currency, orders: new Set(), run: NO_FILLS, closes: 0, wins: 0, exposedMs: 0, openSince: undefined };
      this.pairs.set(symbol, p);
    }
    return p;
  }

  private onOrder(o: OrderView, f: FillView | undefined): void {
    if (o.account_id !== this.account) return;
    const p = this.pair(o.symbol);
    p.orders.add(o.order_id);
    if (!f || this.seen.has(f.detail_id)) return;
    this.seen.add(f.detail_id);
    const fill: PnlFill = { side: f.side, price: f.price, size: f.size, notional: f.notional, fee: f.fees, feeCoin: f.fee_coin_name, time: f.create_time, id: f.detail_id };
    const before = p.run;
    p.run = addFill(before, fill, p.base, p.quote);
    const realized = norm(sub(p.run.realized, before.realized));
    if (f.side === 'sell' && cmp(before.position, '0') > 0) {
      p.closes++;
      if (cmp(realized, '0') > 0) p.wins++;
    }
    this.exposure(p, f.create_time);
    if (this.keepTrades) {
      this.trades.push({
        time: f.create_time, symbol: f.symbol, side: f.side, price: f.price, size: f.size, notional: f.notional, fee: f.fees,
        fee_coin: f.fee_coin_name, role: f.exec_type === 'M' ? 'maker' : 'taker', order_id: f.order_id, realized,
      });
    }
  }

  /** Opens or closes the exposure clocks as the pair's position moves. */
  private exposure(p: PairCount, t: number): void {
    const open = !isZero(p.run.position);
    if (open && p.openSince === undefined) p.openSince = t;
    if (!open && p.openSince !== undefined) {
      p.exposedMs += t - p.openSince;
      p.openSince = undefined;
    }
    const any = [...this.pairs.values()].some((x) => x.openSince !== undefined);
    if (any && this.openSince === undefined) this.openSince = t;
    if (!any && this.openSince !== undefined) {
      this.exposedMs += t - this.openSince;
      this.openSince = undefined;
    }
  }

  /** A point of the equity curve at `t` (ms). */
  sample(t: number): void {
    const e = equityOf(this.ex, this.account, this.quote);
    for (const c of e.unvalued) this.unvalued.add(c);
    const last = this.equity[this.equity.length - 1];
    if (last && last[0] === t) last[1] = e.value;
    else this.equity.push([t, e.value]);
  }

  /** Closes the exposure clocks at the end (`t`, ms). */
  close(t: number): void {
    for (const p of this.pairs.values()) {
      if (p.openSince !== undefined) p.exposedMs += t - p.openSince;
      p.openSince = undefined;
    }
    if (this.openSince !== undefined) this.exposedMs += t - this.openSince;
    this.openSince = undefined;
  }
}
