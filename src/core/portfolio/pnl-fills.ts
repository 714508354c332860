/**
 * P&L from the venue (`bm pnl`, `client.pnl`): the account's fills of a pair, or of every pair the
 * account can have traded (order/across.ts), paged through (order/pages.ts) and kept within a time
 * window, then pnl.ts over each pair at the tickers' last prices. The venue's fills take no time
 * window, so every page from the newest is read, stopping at the first page reaching past `from`.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { usage } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import type { Row } from '../../util/row.js';
import { parseTime } from '../../config/time.js';
import { pacing, pairsOfAccount } from '../order/across.js';
import { fillPages, pageThrough, type PagedEnd } from '../order/pages.js';
import { allPairs, pairRules, type PairSource } from '../order/pairs.js';
import { pairPnl, totalsByQuote, type PairPnl, type PnlFill, type PnlTotal } from './pnl.js';
import { lastPrices } from './valued.js';

/** Which fills: of one pair (else every pair of the account), created within [fromMs, toMs] (epoch ms, either end open). */
export interface PnlQuery {
  readonly symbol?: string;
  readonly fromMs?: number;
  readonly toMs?: number;
}

/** The P&L of each pair with fills in the window (a pair asked by name is shown even without). */
export interface PnlReport {
  readonly pairs: PairPnl[];
  readonly totals: PnlTotal[];
  /** How the paging ended (a cap reached or a page repeated means fills may be missing). */
  readonly end: PagedEnd;
}

/**
 * The window in epoch ms from typed times (config/time.ts; `to` takes its whole second), named as the
 * face names them; a usage error when `from` is after `to` (checked before anything is sent).
 */
export function windowOf(from: string | undefined, to: string | undefined, names: { from: string; to: string }, now = Date.now()): PnlQuery {
  const f = from === undefined ? undefined : parseTime(from, names.from, now) * 1000;
  const t = to === undefined ? undefined : parseTime(to, names.to, now) * 1000 + 999;
  if (f !== undefined && t !== undefined && f > t) throw usage(`${names.from} (${from}) is after ${names.to} (${to})`);
  return { ...(f === undefined ? {} : { fromMs: f }), ...(t === undefined ? {} : { toMs: t }) };
}

/** A fill row of /spot/v1/trades as pnl.ts reads it. */
export function pnlFill(row: Row): PnlFill {
  const t = (k: string) => scalarText(row[k]);
  const ms = t('create_time');
  return {
    side: t('side') === 'sell' ? 'sell' : 'buy', price: t('price_avg') || '0', size: t('size') || '0', notional: t('notional') || '0',
    fee: t('fees') || '0', feeCoin: t('fee_coin_name').toUpperCase(), time: /^[0-9]+$/.test(ms) ? Number(ms) : 0, id: t('detail_id'),
  };
}

/** The pairs whose fills are read: the one asked (an unknown pair is a usage error), else the account's. */
export async function pnlPairs(src: PairSource, symbol?: string): Promise<string[]> {
  return symbol === undefined ? pairsOfAccount(src, false) : [(await pairRules(src, symbol)).symbol];
}

/** P&L over `pairs` (pnlPairs); `note` hears what is being fetched, as a line. */
export async function pnlOf(src: PairSource, pairs: readonly string[], q: PnlQuery, note: (line: string) => void): Promise<PnlReport> {
  const ep = endpoint('spot.trades.user');
  const inWindow = (f: PnlFill) => (q.fromMs === undefined || f.time >= q.fromMs) && (q.toMs === undefined || f.time <= q.toMs);
  const byPair = new Map<string, PnlFill[]>(pairs.map((s) => [s, []]));
  if (pairs.length) note(`bm: fetching the fills of ${pairs.join(', ')}, page by page, ${pacing(ep)}`);
  const from = q.fromMs;
  const query = { ...fillPages(ep, pairs), ...(from === undefined ? {} : { past: (r: Row) => pnlFill(r).time < from }) };
  const end = await pageThrough(src, query, (rows, symbol) => {
    for (const f of rows.map(pnlFill)) if (inWindow(f)) byPair.get(symbol)!.push(f);
  });
  const rules = new Map((await allPairs(src)).map((p) => [p.symbol, p]));
  const last = await lastPrices(src);
  const out: PairPnl[] = [];
  for (const [symbol, fills] of byPair) {
    if (!fills.length && q.symbol === undefined) continue;
    const r = rules.get(symbol);
    const [base, quote] = r ? [r.base_currency, r.quote_currency] : (symbol.split('_') as [string, string]);
    out.push(pairPnl(symbol, base, quote, fills, last.get(symbol) ?? ''));
  }
  return { pairs: out, totals: totalsByQuote(out), end };
}
