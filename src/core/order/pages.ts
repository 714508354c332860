/**
 * Every row the venue holds for a paged query (`--all`, and the library's lists across pairs): the
 * pages of each pair in turn, one request after another through the client's rate limiter (which
 * holds each request until the endpoint's published window has room, so paging never draws a 429),
 * de-duplicated, in the venue's order (pairs in the order given, each newest first as it pages).
 *
 * Only endpoints the spec lets page are paged: /spot/v1/trades takes `offset` (a page number from 1)
 * and `limit` (1 to 100). /spot/v2/orders answers only the most recent N (at most 100) of a pair and
 * status, with no page, time window or id to continue from: {@link ORDERS_UNPAGED} says so.
 *
 * A page counts from the newest row at the time it is asked: a row arriving while paging shifts the
 * older ones a place later, so the next page repeats one of them (dropped as a duplicate) and nothing
 * is skipped. A page shorter than the page size is the last; a full page of rows all seen before means
 * the venue ignored the page asked and the paging stops there, said in the result.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import type { Params } from '../../api/client.js';
import { scalarText } from '../../util/json.js';
import type { Row } from '../../util/row.js';
import type { CallsSource } from '../calls.js';
import { rowsOf } from '../rows.js';

/** Most rows one paging keeps (a guard on memory): the paging stops there and says so. */
export const ALL_ROWS_CAP = 100_000;

/** Why `--all` cannot list orders: the spec's /spot/v2/orders has no way to ask past the newest N. */
export const ORDERS_UNPAGED = `the venue answers only the most recent ${PROTOCOL.ordersPerList} orders of a pair and status (GET /spot/v2/orders takes N, with no page, time window or id to continue from)`;

/** A query to page: `params(symbol, page)` is one page's request (pages count from 1). */
export interface PagedQuery {
  readonly ep: Endpoint;
  readonly pairs: readonly string[];
  readonly params: (symbol: string, page: number) => Params;
  /** Rows a page holds when full (the `limit` sent). */
  readonly pageSize: number;
  /** What makes a row the same row on two pages. */
  readonly key: (row: Row) => string;
  /** Rows kept at most (default {@link ALL_ROWS_CAP}). */
  readonly cap?: number;
  /** A row older than anything wanted: the page holding one is the pair's last asked (pages go newest first). */
  readonly past?: (row: Row) => boolean;
}

/** How a paging ended. */
export interface PagedEnd {
  /** Distinct rows handed on. */
  readonly rows: number;
  /** Requests sent. */
  readonly requests: number;
  /** The cap was reached: rows beyond it were not asked for. */
  readonly capped: boolean;
  /** Pairs where the venue answered a further page with rows already seen (paging stopped there). */
  readonly repeated: readonly string[];
}

/**
 * Pages through `q`, handing each page's new rows to `onRows` as it arrives (a caller may print
 * them at once). Errors are the venue's, thrown as they come (rows handed on before stay handed on).
 */
export async function pageThrough(src: CallsSource, q: PagedQuery, onRows: (rows: Row[], symbol: string) => void): Promise<PagedEnd> {
  const calls = await src.calls();
  const cap = q.cap ?? ALL_ROWS_CAP;
  const seen = new Set<string>();
  const repeated: string[] = [];
  let requests = 0;
  for (const symbol of q.pairs) {
    for (let page = 1; seen.size < cap; page++) {
      const got = rowsOf(q.ep, await calls.send(q.ep, q.params(symbol, page)));
      requests++;
      const fresh: Row[] = [];
      for (const row of got) {
        const k = `${symbol}\u0000${q.key(row)}`;
        if (seen.has(k) || seen.size >= cap) continue;
        seen.add(k);
        fresh.push(row);
      }
      if (fresh.length) onRows(fresh, symbol);
      if (got.length < q.pageSize || (q.past && got.some(q.past))) break;
      if (!fresh.length) {
        repeated.push(symbol);
        break;
      }
    }
    if (seen.size >= cap) return { rows: seen.size, requests, capped: true, repeated };
  }
  return { rows: seen.size, requests, capped: false, repeated };
}

/** The paged query of fills (GET /spot/v1/trades): of `pairs`, or of one order of a single pair. */
export function fillPages(ep: Endpoint, pairs: readonly string[], orderId?: string, cap?: number): PagedQuery {
  const pageSize = PROTOCOL.fillsPerPage;
  return {
    ep, pairs, pageSize, ...(cap === undefined ? {} : { cap }),
    params: (symbol, page) => [['symbol', symbol], ...(orderId === undefined ? [] : [['order_id', orderId] as const]), ['offset', page], ['limit', pageSize]],
    // A trade of the account against itself is two fills with one trade id, told apart by the order.
    key: (row) => `${scalarText(row.detail_id)}\u0000${scalarText(row.order_id)}`,
  };
}
