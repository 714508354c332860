/**
 * The screen's frame around the panes: the banner (PAPER or LIVE), the key hints, the status line, a
 * box drawn over the panes, and the notice of a terminal too small.
 */
import { spliceLine } from '../../render/splice.js';
import { isDecimal, isZero } from '../../util/decimal.js';
import { deviationPct } from '../../core/usecases/order-preview.js';
import { SGR, STALE_MS, type Size } from '../../render/live.js';
import { activeBindings, hintsOf } from './keys.js';
import { MIN_COLUMNS, MIN_ROWS } from './layout.js';
import type { Box } from './overlay.js';
import type { TradeState } from './state.js';
import { cell, Line } from './text.js';

/** Row 0: PAPER or LIVE (and READ-ONLY), the pair, its last price and 24-hour figures. */
export function banner(s: TradeState, width: number, color: boolean): string {
  const line = new Line(color);
  if (color) line.add(s.venue.paper ? ' PAPER ' : ' LIVE ', s.venue.paper ? SGR.onYellow : SGR.onRed);
  else line.add(s.venue.paper ? '[PAPER]' : '[LIVE: REAL MONEY]');
  if (s.readOnly) line.add(' ').add(color ? ' READ-ONLY ' : '[READ-ONLY]', SGR.inverse);
  line.add(` ${s.symbol}`, SGR.bold);
  const t = s.market.ticker;
  if (t?.last) {
    const change = isDecimal(t.open24h) && !isZero(t.open24h) ? deviationPct(t.last, t.open24h) : undefined;
    line.add(`  last ${t.last}`);
    if (change !== undefined) line.add(`  ${change.startsWith('-') ? '' : '+'}${change}%`, change.startsWith('-') ? SGR.red : SGR.green);
    line.add(`  24h H ${t.high24h}  L ${t.low24h}  V ${t.volume24h}`);
  }
  line.add(`  candles ${s.step.interval}`);
  return line.done(width);
}

/** The key hints of the current mode, as many as fit. */
export function footer(s: TradeState, width: number, color: boolean): string {
  const line = new Line(color);
  for (const [key, what] of hintsOf(activeBindings(s))) {
    const piece = `${key} ${what}`;
    if (line.length + piece.length + 2 > width) break;
    line.add(line.length ? '  ' : '').add(key, SGR.cyan).add(` ${what}`);
  }
  return line.done(width);
}

const connText = (st: string | undefined) => (st === 'waiting' ? 'reconnecting' : st ?? '-');

/** Venue, profile, connection, message age (STALE), reconnects, and the last action's outcome. */
export function statusLine(s: TradeState, now: number, width: number, color: boolean): string {
  const f = s.feed;
  const age = f.lastMessageAt ? now - f.lastMessageAt : undefined;
  const stale = age !== undefined && age > STALE_MS;
  const ageText = f.state === 'snapshot' ? 'REST' : age === undefined ? 'no message yet' : `${stale ? 'STALE ' : ''}${(age / 1000).toFixed(1)}s ago`;
  const both = f.privateState === undefined || f.privateState === f.state;
  const conn = both ? `ws ${connText(f.state)}` : `ws market ${connText(f.state)}, orders ${connText(f.privateState)}`;
  const last = s.ui.log[s.ui.log.length - 1];
  const action = s.ui.busy ? `sending: ${s.ui.busy}` : last ? last.text : s.readOnly ? `read-only: ${s.readOnly}` : 'no action yet';
  // Narrow terminals get the short form, so the last action keeps some room.
  const parts = width >= 120
    ? [`${s.venue.name} ${s.venue.url}`, `profile ${s.venue.profile}`, conn, ageText, `reconnects ${f.reconnects}`]
    : [s.venue.name, s.venue.profile, conn, ageText, `↻${f.reconnects}`];
  const head = `${parts.join(' │ ')} │ `;
  const line = new Line(color).add(head);
  const style = last?.kind === 'error' || last?.kind === 'unknown' ? SGR.yellow : undefined;
  line.add(cell(action, Math.max(0, width - head.length)), s.ui.busy ? undefined : style);
  const healthy = !stale && (f.state === 'ready' || f.state === 'snapshot') && (f.privateState === undefined || f.privateState === 'ready' || f.state === 'snapshot');
  return line.done(width, healthy ? SGR.inverse : (x) => SGR.inverse(SGR.yellow(x)));
}

/** The whole screen when the terminal is below the minimum: its size, the size needed, how to quit. */
export function tooSmall(size: Size): string[] {
  const msg = [`terminal too small: ${size.columns}x${size.rows}`, `bm trade needs ${MIN_COLUMNS}x${MIN_ROWS}`, 'q quits'];
  const top = Math.max(0, Math.floor((size.rows - msg.length) / 2));
  const lines = Array.from({ length: size.rows }, () => '');
  msg.forEach((m, i) => {
    if (top + i < size.rows) lines[top + i] = cell(' '.repeat(Math.max(0, Math.floor((size.columns - m.length) / 2))) + m, size.columns).trimEnd();
  });
  return lines;
}

/** Box lines (border included) spliced over `lines`, centred, from row 2. */
export function drawBox(lines: string[], box: Box, size: Size, color: boolean): void {
  const x = Math.max(0, Math.floor((size.columns - box.width) / 2));
  const inner = box.width - 4;
  const border = (s: string) => (color ? SGR.cyan(s) : s);
  const top = new Line(color).add('┌─ ', SGR.cyan).add(cell(box.title, Math.min(box.title.length, box.width - 6)), box.titleStyle ?? SGR.bold).add(' ').done(box.width - 1) + border('┐');
  const rows = [top, ...box.lines.map((l) => `${border('│')} ${l} ${border('│')}`), border(`└${'─'.repeat(box.width - 2)}┘`)];
  const y0 = Math.min(2, Math.max(1, size.rows - 2 - rows.length));
  rows.forEach((r, i) => {
    const y = y0 + i;
    if (y < size.rows - 2) lines[y] = spliceLine(lines[y] ?? '', x, r);
  });
  void inner;
}
