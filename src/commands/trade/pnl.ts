/**
 * The pair's P&L in the terminal: every fill of the pair read once (at start, after a switch, after
 * the order stream comes back), then each fill the order stream pushes added on its own (core
 * portfolio/pnl.ts addFill). A pushed fill does not say its fee: it counts at once without it, and the
 * order's fills, read with the next account refresh, put the fee in. Nothing here reads the venue.
 */
import { isSide } from '../../api/catalogue/vocab.js';
import { addFill, avgCost, currencyPlaces, NO_FILLS, pnlFill, roundTo, runFills, unrealizedAt, type PnlFill, type PnlRunning } from '../../core/usecases/account.js';
import { mul, norm } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import type { Row } from '../../util/row.js';
import type { PairRules } from '../../core/usecases/orders-read.js';

/** The pair's fills as the terminal keeps them. */
export interface TradePnl {
  /** `reading` until the first read of every fill is in; `failed` when it could not be read. */
  status: 'reading' | 'ready' | 'failed';
  /** Oldest first. */
  fills: PnlFill[];
  /** Their trade ids. */
  seen: Set<string>;
  /** Pushed fills whose fee is not known yet, with their orders (read next). */
  feeless: Map<string, string>;
  run: PnlRunning;
}

/** What these functions read and change of the terminal's state (./state.ts holds a {@link TradePnl}). */
export interface PnlHolder {
  readonly rules: PairRules;
  readonly account: { readonly pnl: TradePnl };
  readonly versions: { account: number };
}

export function emptyPnl(): TradePnl {
  return { status: 'reading', fills: [], seen: new Set(), feeless: new Map(), run: NO_FILLS };
}

const bump = (s: PnlHolder) => void s.versions.account++;

function recount(s: PnlHolder, p: TradePnl): void {
  p.fills.sort((a, b) => a.time - b.time);
  p.run = runFills(p.fills, s.rules.base_currency, s.rules.quote_currency);
  bump(s);
}

/** Rows of `GET /spot/v1/trades` (every fill of the pair, or one order's): fees put in, fills the stream missed added. */
export function applyFillRows(s: PnlHolder, rows: readonly Row[], complete = false): void {
  const p = s.account.pnl;
  for (const row of rows) {
    const f = pnlFill(row);
    if (p.seen.has(f.id)) {
      if (!p.feeless.delete(f.id)) continue;
      p.fills = p.fills.map((x) => (x.id === f.id ? f : x));
    } else {
      p.seen.add(f.id);
      p.fills.push(f);
    }
  }
  if (complete) p.status = 'ready';
  recount(s, p);
}

/** The first read failed: said in the pane instead of figures. */
export function pnlFailed(s: PnlHolder): void {
  s.account.pnl.status = 'failed';
  bump(s);
}

/** An order push with a fill (trade id `detail_id`): counted once, its fee to come. Returns the order to read the fee of, if any. */
export function applyPushedFill(s: PnlHolder, e: Record<string, unknown>): string | undefined {
  const t = (k: string) => scalarText(e[k]);
  const id = t('detail_id');
  const side = t('side');
  const p = s.account.pnl;
  if (!id || p.seen.has(id) || !isSide(side) || !t('last_fill_price') || !t('last_fill_count')) return undefined;
  const f: PnlFill = {
    side, price: t('last_fill_price'), size: t('last_fill_count'), notional: norm(mul(t('last_fill_price'), t('last_fill_count'))),
    fee: '0', feeCoin: '', time: Number(t('last_fill_time')) || 0, id,
  };
  p.seen.add(id);
  p.feeless.set(id, t('order_id'));
  const newest = p.fills[p.fills.length - 1];
  p.fills.push(f);
  if (newest && newest.time > f.time) recount(s, p);
  else {
    p.run = addFill(p.run, f, s.rules.base_currency, s.rules.quote_currency);
    bump(s);
  }
  return t('order_id');
}

/**
 * The lines to draw: the position at its weighted average cost, then realized, unrealized (at the last
 * price given) and fees, rounded at the quote currency's places; one line while there are no figures.
 */
export function pnlLines(s: PnlHolder, last: string | undefined, width?: number): string[] {
  const p = s.account.pnl;
  if (p.status === 'reading') return ['P&L: reading your fills…'];
  if (p.status === 'failed') return ['P&L: fills not read (r: again)'];
  const { base_currency: base, quote_currency: quote } = s.rules;
  const n = currencyPlaces(quote, [s.rules]);
  const signed = (v: string) => (v === '' ? '-' : `${v.startsWith('-') ? '' : '+'}${roundTo(v, n)}`);
  const avg = avgCost(p.run);
  // A pushed fill's fee is read with the next refresh: until then the figures say so.
  const pending = p.feeless.size ? ' (fee to come)' : '';
  const figures = `real ${signed(p.run.realized)} unreal ${signed(unrealizedAt(p.run, last ?? ''))}`;
  const fees = roundTo(p.run.fees, n);
  // The figures already take the fees off: the line says so, the long form where it fits.
  const forms = [`P&L ${figures} ${quote}, after fees of ${fees} ${quote}${pending}`, `P&L after fees ${fees}: ${figures} ${quote}${pending}`, `P&L after fees ${fees}: ${figures}${pending}`, `P&L net of fees: ${figures}${pending}`];
  return [
    `POS ${p.run.position} ${base}${avg === '' ? '' : ` @ ${roundTo(avg, n)} avg cost`}`,
    forms.find((f) => width === undefined || f.length <= width) ?? forms[forms.length - 1]!,
  ];
}
