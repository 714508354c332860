/**
 * Boxes drawn over the panes: the order form, the confirmation with market context, a cancel to
 * confirm, the pair prompt, the help (from the key tables) and the last-action log.
 */
import { SGR } from '../../render/live.js';
import { clock } from '../grid.js';
import { norm, mul } from '../../util/decimal.js';
import { attachConfirmBox, bracketFormBox } from './attach-confirm.js';
import { alertFormBox } from './alert.js';
import { attachFormBox, cancelAlgoText } from './attach-view.js';
import { spends } from './form.js';
import { KEYS } from './keys.js';
import { marketContext, orderText } from './orders.js';
import { pairMatches } from './pairs.js';
import { quoteOf, type LogEntry, type Mode, type OpenOrder, type TradeState } from './state.js';
import { cell, field, Line, wrap, type Box, type Style } from './text.js';

export type { Box } from './text.js';

const kindStyle = (k: LogEntry['kind']): Style => (k === 'ok' ? SGR.green : k === 'error' ? SGR.red : k === 'unknown' ? SGR.yellow : undefined);

/** The box of the current mode, or undefined in the main mode. */
export function overlayBox(s: TradeState, columns: number, rows: number, color: boolean): Box | undefined {
  const width = Math.max(20, Math.min(columns - 2, 72));
  const inner = width - 4;
  switch (s.ui.mode) {
    case 'form':
    case 'confirm':
      if (s.ui.mode === 'form') return s.ui.form!.attach ? attachFormBox(s, width, inner, color) : formBox(s, width, inner, color);
      return confirmBox(s, width, inner, color);
    case 'bracket':
      return bracketFormBox(s, width, inner, color);
    case 'alert':
      return alertFormBox(s, width, inner, color);
    case 'attach':
      return attachConfirmBox(s, width, inner, color);
    case 'cancel': {
      const c = s.ui.cancel!;
      const text = c.all ? `Cancel all ${c.count} open orders on ${s.symbol}?` : 'algo' in c ? cancelAlgoText(c.algo) : `Cancel ${c.order.side} ${c.order.size} @ ${c.order.price} (order ${c.order.id})?`;
      return { title: 'CANCEL', titleStyle: SGR.yellow, width, lines: [cell(text, inner), cell('y cancels, n or Esc keeps them', inner)] };
    }
    case 'pair':
      return pairBox(s, width, inner, color, rows);
    case 'help':
      return helpBox(columns, rows, color);
    case 'log': {
      // Newest last, each entry wrapped in full (the venue's message matters), as many as fit.
      const room = Math.max(1, rows - 6);
      const lines: string[] = [];
      // The wheel scrolls back from the newest (ui.logBack entries).
      for (const e of [...s.ui.log].reverse().slice(s.ui.logBack)) {
        const wrapped = wrap(e.text, inner - 9).map((t, i) => new Line(color).add(i ? '         ' : `${clock(e.at)} `).add(t, kindStyle(e.kind)).done(inner));
        if (lines.length + wrapped.length > room) break;
        lines.unshift(...wrapped);
      }
      return { title: s.ui.logBack ? `LAST ACTIONS (${s.ui.logBack} newer below: wheel down)` : 'LAST ACTIONS', width, lines: lines.length ? lines : [cell('nothing yet', inner)] };
    }
    default:
      return undefined;
  }
}

function formBox(s: TradeState, width: number, inner: number, color: boolean): Box {
  const f = s.ui.form!;
  const r = s.rules;
  const market = f.type === 'market';
  const cursor = (name: 'size' | 'price') => (f.focus === name ? '█' : '');
  const focusStyle = (name: 'size' | 'price'): Style => (f.focus === name ? SGR.bold : undefined);
  const sizeUnit = spends(f) ? r.quote_currency : r.base_currency;
  const availCur = f.side === 'buy' ? r.quote_currency : r.base_currency;
  const avail = s.account.balances?.get(availCur)?.available;
  const lines = [
    field('type', `${f.type}   (m: ${market ? 'limit' : 'market'})`, inner, color),
    field(f.focus === 'size' ? '▸ ' + (spends(f) ? 'spend' : 'size') : spends(f) ? 'spend' : 'size', `${f.size}${cursor('size')} ${sizeUnit}${f.preset ? `  (${f.preset}%)` : ''}${market && f.side === 'buy' && !f.amends && !f.attach ? `   ($: ${spends(f) ? `size in ${r.base_currency}` : `spend ${r.quote_currency}`})` : ''}`, inner, color, focusStyle('size')),
    market
      ? field('price', 'market: the book decides', inner, color)
      : field(f.focus === 'price' ? '▸ price' : 'price', `${f.price}${cursor('price')} ${r.quote_currency}`, inner, color, focusStyle('price')),
    field('book', `bid ${s.market.bids[0]?.[0] ?? '-'}   ask ${s.market.asks[0]?.[0] ?? '-'}   last ${s.market.ticker?.last ?? '-'}`, inner, color),
    field('available', avail !== undefined ? `${avail} ${availCur}` : 'reading…', inner, color),
  ];
  if (!market && f.size && f.price && /^[0-9.]+$/.test(f.size + f.price) && !f.size.endsWith('.') && !f.price.endsWith('.')) {
    lines.push(field('notional', `${norm(mul(f.size, f.price))} ${r.quote_currency}`, inner, color));
  }
  if (f.amends) lines.unshift(...amendLines(f.amends, inner, color));
  if (f.error) lines.push(...wrap(f.error, inner).map((t) => new Line(color).add(t, SGR.red).done(inner)));
  else lines.push(cell('', inner));
  return { title: `${f.amends ? `AMEND ${f.amends.id}: ` : ''}${f.side.toUpperCase()} ${s.symbol}`, titleStyle: f.side === 'buy' ? SGR.green : SGR.red, width, lines };
}

/** What an amend does to the order, above its form and its confirmation. */
function amendLines(o: OpenOrder, inner: number, color: boolean): string[] {
  return [
    field('amends', `${o.side} ${o.size} @ ${o.price}, ${o.filled} filled`, inner, color, SGR.yellow),
    field('', 'cancelled first; size is the new total, less what filled', inner, color),
  ];
}

function confirmBox(s: TradeState, width: number, inner: number, color: boolean): Box {
  const o = s.ui.confirm!.order;
  const c = marketContext(o, quoteOf(s));
  const r = s.rules;
  const amends = s.ui.confirm!.amends;
  const lines = [
    ...(amends ? amendLines(amends, inner, color) : []),
    new Line(color).add(cell(`${amends ? 'then ' : ''}${o.type} ${orderText(o)}`, inner), SGR.bold).done(inner),
    ...(s.ui.confirm!.asked ? [field('asked', `${s.ui.confirm!.asked} ${r.base_currency}: sent as what it costs on the asks`, inner, color)] : []),
    field('notional', o.notional !== undefined ? `${o.notional} ${r.quote_currency}` : 'decided by the book', inner, color),
    field('last', `${c.last ?? '-'}${c.fromLast !== undefined ? `   price ${c.fromLast.startsWith('-') ? '' : '+'}${c.fromLast}% from last` : ''}`, inner, color),
    field('best', `bid ${c.bestBid ?? '-'}   ask ${c.bestAsk ?? '-'}`, inner, color),
    field('crosses', c.crosses ? 'YES: trades at once (taker)' : 'no: rests in the book (maker)', inner, color, c.crosses ? SGR.yellow : undefined),
  ];
  if (o.type === 'market') {
    const fill = c.fill;
    const text = fill && fill.average !== '' ? `${fill.size} ${r.base_currency} at about ${fill.average} (${o.notional ?? fill.cost} ${r.quote_currency})${fill.complete ? '' : ': more than the visible book'}` : 'no liquidity on that side';
    lines.push(field('est. fill', text, inner, color, fill?.complete && fill.average !== '' ? undefined : SGR.yellow));
  }
  lines.push(field('client id', o.clientOrderId, inner, color));
  lines.push(new Line(color).add(cell(s.venue.paper ? 'paper money' : 'LIVE: real money', inner), s.venue.paper ? SGR.yellow : SGR.red).done(inner));
  return { title: 'CONFIRM', titleStyle: o.side === 'buy' ? SGR.green : SGR.red, width, lines };
}

function pairBox(s: TradeState, width: number, inner: number, color: boolean, rows: number): Box {
  const p = s.ui.pair!;
  const matches = pairMatches(s.pairs, p.text);
  const room = Math.max(1, Math.min(10, rows - 8));
  const start = Math.max(0, Math.min(p.index - room + 1, matches.length - room));
  const lines = [field('pair', `${p.text}█`, inner, color, SGR.bold)];
  matches.slice(start, start + room).forEach((m, i) => {
    const sel = start + i === p.index;
    lines.push(new Line(color).add(sel ? '› ' : '  ').add(m).done(inner, sel ? SGR.inverse : undefined));
  });
  if (!matches.length) lines.push(cell(`no pair matches '${p.text}'`, inner));
  return { title: p.add ? 'ADD TO THE WATCHLIST' : 'SWITCH PAIR', width, lines };
}

const SECTIONS: ReadonlyArray<readonly [Mode, string]> = [
  ['main', 'Main'], ['form', 'Order form'], ['confirm', 'Confirmation'], ['bracket', 'Bracket form (B)'], ['alert', 'Alert form (A)'], ['attach', 'Conditional order confirmation'], ['cancel', 'Cancel'], ['pair', 'Pair prompt'],
];

/** Every binding of every mode, in two columns when the terminal is wide enough. */
function helpBox(columns: number, rows: number, color: boolean): Box {
  const twoCols = columns >= 2 * 52 + 8;
  const colW = twoCols ? 52 : Math.max(16, Math.min(52, columns - 6));
  const entries: string[][] = SECTIONS.map(([mode, name]) => [
    new Line(color).add(name, SGR.bold).done(colW),
    ...KEYS[mode].map((b) => new Line(color).add(cell(b.label, 10), SGR.cyan).add(cell(b.does, colW - 10)).done(colW)),
  ]);
  const flat = entries.flat();
  const room = Math.max(1, rows - 5);
  let lines: string[];
  if (twoCols) {
    // Sections stay whole and in order: the split that makes the taller column shortest.
    const heights = entries.map((e) => e.length);
    const total = heights.reduce((a, b) => a + b, 0);
    let split = 1;
    for (let k = 1, upTo = heights[0]!; k < entries.length; upTo += heights[k]!, k++) {
      const best = heights.slice(0, split).reduce((a, b) => a + b, 0);
      if (Math.max(upTo, total - upTo) < Math.max(best, total - best)) split = k;
    }
    let left = entries.slice(0, split).flat();
    let right = entries.slice(split).flat();
    if (Math.max(left.length, right.length) > room) {
      // Whole sections do not fit: the lines flow on into the second column, a cut section named again there.
      const half = Math.ceil(total / 2);
      const sectionAt = entries.flatMap((e, k) => e.map(() => k));
      const cut = sectionAt[half - 1] === sectionAt[half] ? sectionAt[half]! : undefined;
      left = flat.slice(0, half);
      right = [...(cut !== undefined ? [new Line(color).add(`${SECTIONS[cut]![1]} (more)`, SGR.bold).done(colW)] : []), ...flat.slice(half)];
    }
    lines = Array.from({ length: Math.max(left.length, right.length) }, (_, i) => `${left[i] ?? ' '.repeat(colW)}  ${right[i] ?? ' '.repeat(colW)}`);
  } else lines = flat;
  const inner = twoCols ? 2 * colW + 2 : colW;
  if (lines.length > room) lines = [...lines.slice(0, room - 1), cell('… more in a taller terminal; Ctrl-C quits from anywhere', inner)];
  return { title: 'KEYS (Esc closes)', width: inner + 4, lines };
}
