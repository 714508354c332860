/**
 * Lists that say when they are not the whole story. A list is one page of what the venue holds; when
 * the page came back full, or rows of several pairs were cut to `--limit`, a line on stderr says how
 * many were shown and what shows the rest. It is a warning about the data, not chatter: `--quiet`
 * keeps it (stdout stays data only). `--all` prints every row as its page arrives (ndjson, tsv), or
 * all at the end (json, csv, table).
 */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Context } from '../context.js';
import { ALL_ROWS_CAP, pageThrough, type PagedQuery } from '../core/usecases/orders-read.js';
import type { Row } from '../render/cells.js';
import { scalarText } from '../util/json.js';
import { send } from './engine.js';
import { show } from './show.js';
import { pacing } from '../core/usecases/orders-read.js';
import { overPairs } from './across.js';

/** A line on stderr whatever `--quiet` says: what was shown is not all there is. */
export function warnData(ctx: Context, line: string): void {
  ctx.io.err(`bm: ${line}\n`);
}

/** What to say of a list: `what` (fills, orders), the limit asked and the limit's most. */
export interface Shown {
  readonly what: string;
  readonly limit: number;
  readonly max: number;
  /** Other ways to see more than `--limit`, in the order to suggest them (`--all`, `--page 2`). */
  readonly more: readonly string[];
  /** Said after "there may be more" when nothing shows the rest. */
  readonly beyond?: string;
}

function ways(s: Shown): string[] {
  return [...s.more.slice(0, 1), ...(s.limit < s.max ? [`--limit up to ${s.max}`] : []), ...s.more.slice(1)];
}

function mayBeMore(s: Shown, count: number, how: string): string {
  const w = ways(s);
  return `${count} ${s.what} shown, ${how}: there may be more${w.length ? ` (add ${w.join(', or ')})` : s.beyond ? `; ${s.beyond}` : ''}`;
}

/** One pair's page: a full page may not be the last. */
export function notePage(ctx: Context, rows: readonly Row[], s: Shown): void {
  if (rows.length >= s.limit) warnData(ctx, mayBeMore(s, rows.length, 'a full page'));
}

/**
 * Rows of several pairs merged, of which the newest `s.limit` are shown: more exist when more came
 * than are shown; more may exist when a pair's page came back full.
 */
export function noteMerged(ctx: Context, fetched: readonly Row[], s: Shown): void {
  if (fetched.length > s.limit) {
    const w = ways(s);
    warnData(ctx, `${s.limit} ${s.what} shown, the newest of ${fetched.length} fetched: more exist (${w.length ? `add ${w.join(', or ')}` : `a SYMBOL shows up to ${s.max} of one pair`})`);
    return;
  }
  const per = new Map<string, number>();
  for (const r of fetched) per.set(scalarText(r.symbol), (per.get(scalarText(r.symbol)) ?? 0) + 1);
  const full = [...per].filter(([, n]) => n >= s.limit).map(([sym]) => sym);
  if (full.length) warnData(ctx, mayBeMore(s, fetched.length, `a full page of ${full.join(', ')}`));
}

/**
 * `--all`: every row of `q`, printed as pages arrive in a streaming format, else at the end; stderr
 * says the pace first and, at the end, when the cap stopped it or the venue repeated a page.
 */
export async function printAll(ctx: Context, ep: Endpoint, q: PagedQuery, what: string, acrossPairs: boolean): Promise<void> {
  if (ctx.globals.dryRun) {
    if (acrossPairs) await overPairs(ctx, ep, q.pairs, what, (symbol) => q.params(symbol, 1));
    else await send(ctx, ep, q.params(q.pairs[0]!, 1));
    ctx.note(`dry run: --all would go on with pages 2, 3, ... of each pair until one holds fewer than ${q.pageSize} ${what}`);
    return;
  }
  // No pair: overPairs says why, and the empty list is printed as any other.
  if (!q.pairs.length) await overPairs(ctx, ep, q.pairs, what, () => []);
  else ctx.note(`bm: fetching every one of the ${what} of ${q.pairs.join(', ')}, ${q.pageSize} a request, ${pacing(ep)}`);
  const key = ep.rows ?? 'rows';
  const streaming = ctx.format === 'ndjson' || ctx.format === 'tsv';
  const kept: Row[] = [];
  let first = true;
  const end = await pageThrough(ctx, q, (rows) => {
    if (!streaming) return void kept.push(...rows);
    show(ctx, ep, { [key]: rows }, { rows, header: first });
    first = false;
  });
  if (!streaming) show(ctx, ep, { [key]: kept }, { rows: kept });
  else if (first) show(ctx, ep, { [key]: [] }, { rows: [] });
  for (const sym of end.repeated) warnData(ctx, `the venue answered a further page of ${sym} with ${what} already listed: stopped there, so its list may be incomplete`);
  if (end.capped) warnData(ctx, `stopped at ${q.cap ?? ALL_ROWS_CAP} ${what}, the most --all keeps: there may be more (narrow the query: a SYMBOL, --order-id)`);
}
