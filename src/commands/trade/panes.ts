/** The smaller panes: recent trades, the pair's two balances, and your open orders (selectable). */
import { alignDecimals } from '../../render/cells.js';
import { SGR } from '../../render/live.js';
import { clock } from '../grid.js';
import { selectedId } from './attach-keys.js';
import { algoLines } from './attach-view.js';
import { pnlLines } from './pnl.js';
import { plainPane, type PaneDef } from './pane.js';
import { openOrders, quoteOf, selectedOrder, type OpenOrder, type Trade, type TradeState } from './state.js';
import { cell, fill, Line, title } from './text.js';

const sideStyle = (side: string) => (side === 'buy' ? SGR.green : side === 'sell' ? SGR.red : undefined);

/** Each trade's line as last drawn, with the aligned texts and the width it was drawn with. */
interface TradeLine {
  readonly price: string;
  readonly size: string;
  readonly w: number;
  readonly color: boolean;
  readonly line: string;
}

/** One screen's trades pane, with each trade's line as it last drew it. */
export class TradesPane {
  private readonly lines = new WeakMap<Trade, TradeLine>();

  /** Recent trades, newest first: time, side arrow, price and size coloured by side. */
  draw(s: TradeState, w: number, h: number, color: boolean): string[] {
    const lines = [title('TRADES', '', w, color, SGR.bold)];
    const shown = s.market.trades.slice(0, Math.max(0, h - 1));
    if (!shown.length) return fill([...lines, cell('no trades yet', w)], w, h);
    const prices = alignDecimals(shown.map((t) => t.price));
    const sizes = alignDecimals(shown.map((t) => t.size));
    shown.forEach((t, i) => {
      const price = prices[i]!;
      const size = sizes[i]!;
      // A trade keeps its line while its columns are as wide as they were: a push adds one line, not a pane.
      const hit = this.lines.get(t);
      if (hit && hit.price === price && hit.size === size && hit.w === w && hit.color === color) return void lines.push(hit.line);
      const style = sideStyle(t.side);
      const line = new Line(color).add(`${t.time} `).add(t.side === 'buy' ? '▲' : t.side === 'sell' ? '▼' : ' ', style).add(' ').add(price, style).add(` ${size}`).done(w);
      this.lines.set(t, { price, size, w, color, line });
      lines.push(line);
    });
    return fill(lines, w, h);
  }
}

/** The pair's base and quote: available and frozen. */
export function balancesPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const currencies = [s.rules.base_currency, s.rules.quote_currency];
  const b = s.account.balances;
  if (!b) return fill([title('BALANCES', 'reading…', w, color, SGR.bold)], w, h);
  const avail = alignDecimals(currencies.map((c) => b.get(c)?.available ?? '0'));
  const frozen = alignDecimals(currencies.map((c) => b.get(c)?.frozen ?? '0'));
  const cw = Math.max(7, ...currencies.map((c) => c.length));
  const aw = Math.max(9, avail[0]!.length);
  const fw = Math.max(6, frozen[0]!.length);
  const lines = [new Line(color).add(`${cell('BALANCE', cw)} ${cell('AVAILABLE', aw, true)} ${cell('FROZEN', fw, true)}`, SGR.bold).done(w)];
  currencies.forEach((c, i) => lines.push(new Line(color).add(`${cell(c, cw)} ${cell(avail[i]!, aw, true)} ${cell(frozen[i]!, fw, true)}`).done(w)));
  return fill(lines, w, h);
}

/** Columns of the orders pane, dropped from the right when the pane is narrow. */
const ORDER_COLUMNS = [
  { name: 'SIDE', right: false },
  { name: 'PRICE', right: true },
  { name: 'SIZE', right: true },
  { name: 'FILLED', right: true },
  { name: 'TIME', right: false },
] as const;

/** The orders the pane has room for: the selected one kept in view when the list is longer. */
function shownOrders(list: readonly OpenOrder[], sel: OpenOrder | undefined, room: number): OpenOrder[] {
  const at = Math.max(0, list.findIndex((o) => o === sel));
  const start = Math.max(0, Math.min(at - room + 1, list.length - room));
  return list.slice(start, start + room);
}

/** The open order drawn on `row` (from the pane's top) of an orders pane `w` x `h`, as {@link ordersPane} draws it. */
export function orderAtRow(s: TradeState, w: number, h: number, row: number): OpenOrder | undefined {
  const list = openOrders(s);
  if (!list.length) return undefined;
  const head = 1 + (s.readOnly === undefined ? pnlLines(s, quoteOf(s).last, w).length : 0) + 1;
  const algos = algoLines(s, w, false, selectedId(s), false).length;
  const shown = shownOrders(list, selectedOrder(s), Math.max(1, h - (head - 1) - 1 - algos));
  return shown[row - head];
}

/** Your open orders of the pair, newest first; the selected one marked (and highlighted while focused). */
export function ordersPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const list = openOrders(s);
  const lines = [title(`OPEN ORDERS (${list.length})`, s.ui.busy ? `sending: ${s.ui.busy}` : '', w, color, SGR.bold)];
  // The pair's position and P&L head the pane (your orders and what they made, in one place).
  if (s.readOnly === undefined) for (const l of pnlLines(s, quoteOf(s).last, w)) lines.push(new Line(color).add(cell(l, w)).done(w));
  const focused = s.ui.focus === 'orders' && (s.ui.mode === 'main' || s.ui.mode === 'cancel');
  // The pair's conditional orders (stops, take-profits) close the pane.
  const algos = algoLines(s, w, color, selectedId(s), focused);
  if (!list.length) return fill([...lines, cell('none: b buys, s sells', w), ...algos], w, h);
  const sel = selectedOrder(s);
  const shown = shownOrders(list, sel, Math.max(1, h - lines.length - 1 - algos.length));
  const texts = [
    shown.map((o) => o.side),
    alignDecimals(shown.map((o) => o.price || 'market')),
    alignDecimals(shown.map((o) => o.size)),
    alignDecimals(shown.map((o) => o.filled)),
    shown.map((o) => clock(o.time)),
  ];
  const widths = ORDER_COLUMNS.map((c, i) => Math.max(c.name.length, ...texts[i]!.map((t) => t.length)));
  let n = ORDER_COLUMNS.length;
  while (n > 1 && 2 + widths.slice(0, n).reduce((a, b) => a + b + 1, 0) - 1 > w) n--;
  const cols = ORDER_COLUMNS.slice(0, n);
  lines.push(new Line(color).add(`  ${cols.map((c, i) => cell(c.name, widths[i]!, c.right)).join(' ')}`, SGR.bold).done(w));
  shown.forEach((o, r) => {
    const selected = o === sel;
    const line = new Line(color).add(selected ? '› ' : '  ');
    cols.forEach((c, i) => line.add(`${i ? ' ' : ''}`).add(cell(texts[i]![r]!, widths[i]!, c.right), i === 0 ? sideStyle(o.side) : undefined));
    lines.push(line.done(w, selected && focused ? SGR.inverse : undefined));
  });
  return fill([...lines, ...algos], w, h);
}

export const TRADES_PANE: PaneDef = { reads: ['pair', 'trades'], make: () => {
  const p = new TradesPane();
  return (s, w, h, color) => p.draw(s, w, h, color);
} };

export const BALANCES_PANE = plainPane(['pair', 'account'], balancesPane);

/** The last price (the ticker's, else the last trade's) moves the P&L line's unrealized. */
export const ORDERS_PANE = plainPane(['pair', 'account', 'ui', 'last'], ordersPane);
