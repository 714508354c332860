/**
 * The whole screen as a function of the state, the terminal size and the time: the banner (PAPER or
 * LIVE), the panes the width allows, an open box on top, the key hints and the status line.
 */
import { spliceLine } from '../../render/splice.js';
import { isDecimal, isZero } from '../../util/decimal.js';
import { deviationPct } from '../../core/order/market-context.js';
import type { Region } from '../../render/diff.js';
import { SGR, STALE_MS, type Regions, type Size } from '../../render/live.js';
import { bookPane } from './book.js';
import { candlePane } from './candles.js';
import { activeBindings, hintsOf, type Binding } from './keys.js';
import { layout, MIN_COLUMNS, MIN_ROWS, type PaneName } from './layout.js';
import { overlayBox, type Box } from './overlay.js';
import { balancesPane, ordersPane, tradesPane } from './panes.js';
import type { TradeState } from './state.js';
import { cell, Kept, Line } from './text.js';

type Pane = (s: TradeState, w: number, h: number, color: boolean) => string[];
const PANES: Readonly<Record<PaneName, Pane>> = { book: bookPane, chart: candlePane, trades: tradesPane, balances: balancesPane, orders: ordersPane };

/** The banner as last made, with what it was made from: frames between two ticker pushes reuse it. */
const bannerKept = new Kept();

/** Row 0: PAPER or LIVE (and READ-ONLY), the pair, its last price and 24-hour figures. */
export function banner(s: TradeState, width: number, color: boolean): string {
  return bannerKept.of([s.market.ticker, s.symbol, s.venue.paper, s.readOnly, s.step.interval, width, color], () => makeBanner(s, width, color));
}

function makeBanner(s: TradeState, width: number, color: boolean): string {
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

/** The last footer, by the bindings it shows (the same static objects) and the width: the same bindings are the same line. */
let lastFooter: { bindings: readonly Binding[]; width: number; color: boolean; line: string } | undefined;

/** The key hints of the current mode, as many as fit. */
export function footer(s: TradeState, width: number, color: boolean): string {
  const bindings = activeBindings(s);
  const was = lastFooter;
  if (was && was.width === width && was.color === color && was.bindings.length === bindings.length && was.bindings.every((b, i) => b === bindings[i])) return was.line;
  const line = new Line(color);
  for (const [key, what] of hintsOf(bindings)) {
    const piece = `${key} ${what}`;
    if (line.length + piece.length + 2 > width) break;
    line.add(line.length ? '  ' : '').add(key, SGR.cyan).add(` ${what}`);
  }
  lastFooter = { bindings, width, color, line: line.done(width) };
  return lastFooter.line;
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

function tooSmall(size: Size): string[] {
  const msg = [`terminal too small: ${size.columns}x${size.rows}`, `bm trade needs ${MIN_COLUMNS}x${MIN_ROWS}`, 'q quits'];
  const top = Math.max(0, Math.floor((size.rows - msg.length) / 2));
  const lines = Array.from({ length: size.rows }, () => '');
  msg.forEach((m, i) => {
    if (top + i < size.rows) lines[top + i] = cell(' '.repeat(Math.max(0, Math.floor((size.columns - m.length) / 2))) + m, size.columns).trimEnd();
  });
  return lines;
}

/** Box lines (border included) spliced over `lines`, centred, from row 2. */
function drawBox(lines: string[], box: Box, size: Size, color: boolean): void {
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

/** A pane's lines, kept while what it shows is the same (the key): a frame then reuses them as they are. */
const paneKeys: Readonly<Record<PaneName, (s: TradeState) => string>> = {
  book: (s) => `${s.symbol}|${s.versions.book}|${s.versions.account}|${s.market.ticker?.last}|${s.ui.focus}|${s.ui.mode}|${s.ui.level.book}${s.ui.level.index}|${s.ui.group}`,
  chart: (s) => `${s.symbol}|${s.versions.candles}`,
  trades: (s) => `${s.symbol}|${s.versions.trades}`,
  balances: (s) => `${s.symbol}|${s.versions.account}`,
  orders: (s) => `${s.symbol}|${s.versions.account}|${s.ui.focus}|${s.ui.mode}|${s.ui.selected}|${s.ui.busy}`,
};

/** What the last frame of a state was made of: each pane's lines by key, and each body row with the pieces it was joined from. */
interface FrameParts {
  key: string;
  panes: Map<PaneName, { key: string; lines: string[] }>;
  pieces: Array<readonly string[] | undefined>;
  rows: string[];
}
const kept = new WeakMap<TradeState, FrameParts>();

function paneLines(k: FrameParts, name: PaneName, s: TradeState, r: { w: number; h: number }, color: boolean): string[] {
  const key = paneKeys[name](s);
  const hit = k.panes.get(name);
  if (hit?.key === key) return hit.lines;
  const lines = PANES[name](s, r.w, r.h, color);
  k.panes.set(name, { key, lines });
  return lines;
}

/** The screen: exactly `size.rows` lines, none wider than `size.columns`. */
export function frame(s: TradeState, size: Size, now: number, color: boolean): string[] {
  const L = layout(size, s.readOnly !== undefined);
  if (L.tooSmall) return tooSmall(size);
  const W = size.columns;
  const frameKey = `${W}x${size.rows}|${color}|${s.readOnly !== undefined}`;
  let k = kept.get(s);
  if (k?.key !== frameKey) kept.set(s, (k = { key: frameKey, panes: new Map(), pieces: [], rows: [] }));
  // Each pane's lines are exactly its width, so a row is its panes side by side with one column between.
  const body: Array<Array<readonly [number, string, number]>> = Array.from({ length: size.rows }, () => []);
  for (const [name, r] of L.panes) {
    const lines = paneLines(k, name, s, r, color);
    for (let i = 0; i < r.h; i++) body[r.y + i]!.push([r.x, lines[i]!, r.w]);
  }
  const sep = color ? SGR.gray('│') : '│';
  const lines = body.map((segs, y) => {
    segs.sort((a, b) => a[0] - b[0]);
    // A row joined from the same pieces as last frame is the same row: kept, not joined again.
    const was = k.pieces[y];
    if (was && was.length === segs.length && segs.every((g, i) => g[1] === was[i])) return k.rows[y]!;
    let out = '';
    let at = 0;
    for (const [x, text, w] of segs) {
      if (x > at) out += x - at === 1 && at > 0 ? sep : ' '.repeat(x - at);
      out += text;
      at = x + w;
    }
    const row = trimEnd(at < W ? out + ' '.repeat(W - at) : out);
    k.pieces[y] = segs.map((g) => g[1]);
    k.rows[y] = row;
    return row;
  });
  lines[0] = trimEnd(banner(s, W, color));
  const box = overlayBox(s, W, size.rows, color);
  if (box) drawBox(lines, box, size, color);
  lines[size.rows - 2] = trimEnd(footer(s, W, color));
  lines[size.rows - 1] = trimEnd(statusLine(s, now, W, color));
  return box ? lines.map(trimEnd) : lines;
}

/** The separators between panes: the same lines every frame, kept by height and colour. */
const separators = new Map<string, readonly string[]>();

function separator(h: number, color: boolean): readonly string[] {
  const key = `${h}|${color}`;
  let lines = separators.get(key);
  if (!lines) separators.set(key, (lines = Array.from({ length: h }, () => (color ? SGR.gray('│') : '│'))));
  return lines;
}

/**
 * The screen as regions for the live view: banner, each pane, the separators between them, the
 * key hints and the status line, each diffed on its own (a pane that did not change is passed
 * over). It shows exactly what {@link frame} does; with a box open, or below the minimum size,
 * it is {@link frame}'s lines.
 */
export function frameRegions(s: TradeState, size: Size, now: number, color: boolean): Regions | string[] {
  const L = layout(size, s.readOnly !== undefined);
  const W = size.columns;
  if (L.tooSmall || overlayBox(s, W, size.rows, color)) return frame(s, size, now, color);
  const frameKey = `${W}x${size.rows}|${color}|${s.readOnly !== undefined}`;
  let k = kept.get(s);
  if (k?.key !== frameKey) kept.set(s, (k = { key: frameKey, panes: new Map(), pieces: [], rows: [] }));
  const regions: Region[] = [{ x: 0, y: 0, width: W, lines: [banner(s, W, color)] }];
  for (const [name, r] of L.panes) {
    regions.push({ x: r.x, y: r.y, width: r.w, lines: paneLines(k, name, s, r, color) });
    if (r.x > 0) regions.push({ x: r.x - 1, y: r.y, width: 1, lines: separator(r.h, color) });
  }
  regions.push({ x: 0, y: size.rows - 2, width: W, lines: [footer(s, W, color)] }, { x: 0, y: size.rows - 1, width: W, lines: [statusLine(s, now, W, color)] });
  return { layout: `${frameKey}|${L.key}`, regions };
}

/** The line without trailing blanks (a frame compares and sends less). */
function trimEnd(line: string): string {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 32) end--;
  return end === line.length ? line : line.slice(0, end);
}
