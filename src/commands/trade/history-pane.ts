/**
 * The history pane: the pair's recent ended orders, newest first: side, how it ended, what filled of
 * what it asked, the average price, the fees of its fills and when; Enter opens an order's fills under
 * it. Columns leave from the right when the pane is narrow.
 */
import { alignDecimals } from '../../render/cells.js';
import { SGR } from '../../render/live.js';
import { isZero } from '../../util/decimal.js';
import { clock } from '../grid.js';
import { feesOf } from './history.js';
import type { PaneDef } from './pane.js';
import type { PastOrder, TradeState } from './state.js';
import { cell, fill, Line, title } from './text.js';

const COLUMNS = [
  { name: 'SIDE', right: false },
  { name: 'STATUS', right: false },
  { name: 'FILLED', right: false },
  { name: 'AVG', right: true },
  { name: 'FEES', right: false },
  { name: 'TIME', right: false },
] as const;

/** What filled of what was asked: `0.0025 of 0.01`, or for a market buy `0.00999 for 650 USDT`. */
function filledText(o: PastOrder, quote: string): string {
  const byNotional = (o.size === '' || isZero(o.size)) && o.notional !== '' && !isZero(o.notional);
  return byNotional ? `${o.filled} for ${o.filledNotional || '?'} of ${o.notional} ${quote}` : `${o.filled} of ${o.size}`;
}

/** The rows of the list as the pane shows them: the order's index, or a fill line under the open order. */
type Shown = { readonly order: number } | { readonly fill: string };

/** The list with the open order's fills under it, and the first row shown so the selection is in view. */
export function historyRows(s: TradeState, room: number): { readonly rows: readonly Shown[]; readonly start: number } {
  const h = s.history;
  const rows: Shown[] = [];
  h.orders.forEach((o, i) => {
    rows.push({ order: i });
    if (h.open !== o.id) return;
    const fills = h.fills.get(o.id) ?? [];
    if (h.reading.has(o.id)) rows.push({ fill: 'reading its fills…' });
    else if (!fills.length) rows.push({ fill: 'no fill' });
    for (const f of fills) rows.push({ fill: `${clock(f.time)} ${f.size} @ ${f.price}${f.fee ? `  fee ${f.fee} ${f.feeCoin}` : '  (fee to come)'}` });
  });
  const at = rows.findIndex((r) => 'order' in r && r.order === h.index);
  const fills = h.open !== undefined ? rows.filter((r, k) => k > at && 'fill' in r).length : 0;
  // The selected order and its open fills in view.
  const start = Math.max(0, Math.min(at + fills - room + 1, rows.length - room, at));
  return { rows, start };
}

export function historyPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const hist = s.history;
  const focused = s.ui.focus === 'history' && s.ui.mode === 'main';
  const state = hist.status === 'reading' ? 'reading…' : hist.status === 'failed' ? 'not read (h twice: again)' : focused ? 'Enter fills  PgUp/PgDn' : 'h focuses';
  const lines = [title(`HISTORY ${s.symbol} (${hist.orders.length})`, state, w, color, SGR.bold)];
  if (!hist.orders.length) return fill([...lines, cell(hist.status === 'read' ? 'no filled or cancelled order of the pair' : '', w)], w, h);
  const quote = s.rules.quote_currency;
  const texts = [
    hist.orders.map((o) => o.side),
    hist.orders.map((o) => o.status),
    hist.orders.map((o) => filledText(o, quote)),
    alignDecimals(hist.orders.map((o) => o.average || '-')),
    hist.orders.map((o) => feesOf(hist.fills.get(o.id) ?? []) || '-'),
    hist.orders.map((o) => clock(o.time)),
  ];
  const widths = COLUMNS.map((c, i) => Math.max(c.name.length, ...texts[i]!.map((t) => t.length)));
  let n = COLUMNS.length;
  while (n > 3 && 2 + widths.slice(0, n).reduce((a, b) => a + b + 1, 0) - 1 > w) n--;
  const cols = COLUMNS.slice(0, n);
  lines.push(new Line(color).add(`  ${cols.map((c, i) => cell(c.name, widths[i]!, c.right)).join(' ')}`, SGR.bold).done(w));
  const room = Math.max(1, h - lines.length);
  const { rows, start } = historyRows(s, room);
  for (const r of rows.slice(start, start + room)) {
    if ('fill' in r) {
      lines.push(new Line(color).add(cell(`    ${r.fill}`, w), SGR.gray).done(w));
      continue;
    }
    const o = hist.orders[r.order]!;
    const picked = r.order === hist.index;
    const line = new Line(color).add(picked && focused ? '› ' : '  ');
    cols.forEach((c, i) => line.add(i ? ' ' : '').add(cell(texts[i]![r.order]!, widths[i]!, c.right), i === 0 ? (o.side === 'buy' ? SGR.green : SGR.red) : undefined));
    lines.push(line.done(w, picked && focused ? SGR.inverse : undefined));
  }
  return fill(lines, w, h);
}

/** The history pane: the pair's ended orders and their fills, the selection. */
export const HISTORY_PANE: PaneDef = { reads: ['pair', 'history', 'ui'], make: () => historyPane };
