/**
 * A CSV of trades (time, price, size, side: the shape public trade archives use) made a recording
 * (./format.ts) a replay or a backtest runs: before each trade, a synthetic book around it, then the
 * trade. The book is what the trade implies: a sell (the taker sold) met a bid at its price, so the best
 * bid is the trade's price and the best ask one spread above; a buy met an ask, so the best ask is the
 * trade's price and the best bid one spread below. Each side has `levels` levels, a spread apart, each
 * holding `depth` (base), or the trade's own size when no depth is given. Prices are rounded to the
 * pair's precision away from the middle.
 */
import { add, cmp, div, isDecimal, mul, norm, sub, truncate } from '../../util/decimal.js';
import { pairSpec } from '../engine/pairs.js';
import { CHANNEL, topicOf } from '../../api/catalogue/channels.js';
import { isSide, type Side } from '../../api/catalogue/vocab.js';
import { eventLine, FORMAT, FORMAT_VERSION } from './format.js';
import { depthChannel, depthPush, tradePush } from './pushes.js';

/** The synthetic book's shape; stated in the recording's header (`synthetic`) and so in a backtest's report. */
export interface SyntheticBook {
  /** Base on each level; absent: the trade's own size. */
  readonly depth?: string;
  /** Distance between the best bid and ask, and between two levels, in basis points of the price. */
  readonly spreadBps: string;
  readonly levels: number;
}

export const DEFAULT_BOOK: SyntheticBook = { spreadBps: '2', levels: 5 };

export class CsvError extends Error {
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvError';
  }
}

/** A time cell: epoch seconds (with decimals) or ms, or an ISO date; ms since the epoch. */
function timeOf(cell: string, n: number): number {
  if (/^[0-9]+(\.[0-9]+)?$/.test(cell)) {
    const v = Number(cell);
    return Math.round(v < 1e11 ? v * 1000 : v);
  }
  const ms = Date.parse(cell);
  if (Number.isNaN(ms)) throw new CsvError(n, `time ${JSON.stringify(cell)} is not epoch seconds, ms or an ISO date`);
  return ms;
}

/** Rounds `p` to `places` decimals: down (bids) or up (asks). */
function rounded(p: string, places: number, up: boolean): string {
  const t = truncate(p, places);
  if (!up || cmp(t, p) === 0) return norm(t);
  return norm(add(t, places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`));
}

/** The book a trade implies: bids and asks, best first. */
export function bookAround(price: string, size: string, side: Side, book: SyntheticBook, places: number): { bids: [string, string][]; asks: [string, string][] } {
  const step = norm(div(mul(price, book.spreadBps), '10000', 18));
  const qty = book.depth ?? size;
  const bestBid = side === 'sell' ? price : norm(sub(price, step));
  const bestAsk = side === 'buy' ? price : norm(add(price, step));
  const bids: [string, string][] = [];
  const asks: [string, string][] = [];
  for (let i = 0; i < book.levels; i++) {
    const b = rounded(norm(sub(bestBid, mul(step, String(i)))), places, false);
    const a = rounded(norm(add(bestAsk, mul(step, String(i)))), places, true);
    if (cmp(b, '0') > 0 && !bids.some(([p]) => p === b)) bids.push([b, qty]);
    if (!asks.some(([p]) => p === a)) asks.push([a, qty]);
  }
  return { bids, asks };
}

/** One CSV row as a trade; undefined for a header row (its first cell is not a time). */
function rowOf(cells: string[], n: number): { t: number; price: string; size: string; side: Side } {
  const [time, price, size, side] = cells.map((c) => c.trim().replace(/^"|"$/g, ''));
  if (time === undefined || price === undefined || size === undefined || side === undefined) throw new CsvError(n, 'expected four columns: time, price, size, side');
  if (!isDecimal(price) || cmp(price, '0') <= 0) throw new CsvError(n, `price ${JSON.stringify(price)} is not a positive decimal`);
  if (!isDecimal(size) || cmp(size, '0') <= 0) throw new CsvError(n, `size ${JSON.stringify(size)} is not a positive decimal`);
  const s = side.toLowerCase();
  if (!isSide(s)) throw new CsvError(n, `side ${JSON.stringify(side)} is not buy or sell (the taker's side)`);
  return { t: timeOf(time, n), price: norm(price), size: norm(size), side: s };
}

/**
 * The recording's lines (header first) from the CSV's lines (a header row is skipped). Throws
 * {@link CsvError} naming the line of a row that is not a trade, or that goes back in time.
 */
export async function* csvToRecording(lines: AsyncIterable<string>, symbol: string, source: string, book: SyntheticBook = DEFAULT_BOOK): AsyncGenerator<string> {
  const spec = pairSpec(symbol);
  if (!spec) throw new CsvError(0, `${symbol} is not a pair of the sandbox`);
  const places = spec.details.price_max_precision;
  // The smallest depth channel that holds the levels.
  const channel = depthChannel(book.levels);
  let n = 0;
  let last = -Infinity;
  let started = false;
  for await (const text of lines) {
    n++;
    if (!text.trim()) continue;
    const cells = text.split(',');
    if (n === 1 && !/^[0-9"]/.test(cells[0]!.trim())) continue;
    const r = rowOf(cells, n);
    if (r.t < last) throw new CsvError(n, `time ${r.t} is earlier than the row before's (${last}): sort the file by time first`);
    last = r.t;
    if (!started) {
      started = true;
      const synthetic = { depth: book.depth ?? 'the size of each trade', spread_bps: book.spreadBps, levels: book.levels };
      const header = { format: FORMAT, version: FORMAT_VERSION, venue: `csv:${source}`, topics: [topicOf(channel, symbol), topicOf(CHANNEL.trade, symbol)], started: r.t, synthetic };
      yield `${JSON.stringify(header)}\n`;
    }
    const { bids, asks } = bookAround(r.price, r.size, r.side, book, places);
    yield eventLine(r.t, depthPush(channel, symbol, r.t, bids, asks));
    yield eventLine(r.t, tradePush(symbol, r.t, r.price, r.size, r.side));
  }
  if (!started) throw new CsvError(n, 'no trade in the file');
}
