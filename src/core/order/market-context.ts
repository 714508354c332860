/**
 * Market context of an order and the fat-finger guard, in exact decimals: last price, best bid and
 * ask, the price's distance from last, whether the order crosses the book, the estimated average
 * fill of a market order walked from the book. Pure functions over a quote and a book, so any view
 * (the one-shot confirmation, a live terminal fed by the stream) can use them; two readers fetch
 * them over REST.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import type { Side } from '../../api/catalogue/vocab.js';
import type { CallsSource } from '../calls.js';
import { usage } from '../../errors.js';
import { add, cmp, div, isDecimal, isZero, min, mul, norm, places, sub, truncate, type Dec } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';

/** The default of `--max-deviation`, percent. */
export const DEFAULT_MAX_DEVIATION = '10';

/** `--max-deviation` as typed: percent (default {@link DEFAULT_MAX_DEVIATION}), or `none` to skip the guard. */
export function parseMaxDeviation(v: unknown): string | undefined {
  if (v === undefined) return DEFAULT_MAX_DEVIATION;
  const t = String(v);
  if (t === 'none') return undefined;
  if (!isDecimal(t) || t.startsWith('-') || t.startsWith('+')) throw usage(`--max-deviation: a percentage like 10, or none (got '${t}')`);
  return t;
}

/** Last trade price and best bid and ask; '' when the venue has none. */
export interface Quote {
  readonly last: string;
  readonly bid: string;
  readonly ask: string;
}

export interface Level {
  readonly price: string;
  readonly amount: string;
}

/** Levels best first on each side. */
export interface Book {
  readonly bids: readonly Level[];
  readonly asks: readonly Level[];
}

/** What the context needs of an order. */
export interface OrderShape {
  readonly side: Side;
  readonly type: string;
  readonly price?: string;
  readonly size?: string;
  /** Quote amount of a market buy. */
  readonly notional?: string;
}

/** A market order walked through the book. */
export interface Fill {
  /** Base quantity the book can fill, and the quote amount it costs. */
  readonly size: string;
  readonly cost: string;
  /** Average price of what the book can fill; '' when it can fill nothing. */
  readonly average: string;
  readonly levels: number;
  /** False when the book shown holds less than the order asks for. */
  readonly complete: boolean;
}

/** True when `v` is a usable price (a decimal, not zero). */
export const isPrice = (v: string): boolean => v !== '' && isDecimal(v) && !isZero(v);
const ok = isPrice;

/** The price's distance from `last` in percent, signed, truncated to 2 places. */
export function deviationPct(price: string, last: string): string {
  return norm(truncate(div(mul(sub(price, last), '100'), last, 4), 2));
}

/** True when a limit price takes liquidity at once: a buy at or above the best ask, a sell at or below the best bid. */
export function crosses(o: OrderShape, q: Quote): boolean {
  if (o.price === undefined) return true;
  return o.side === 'buy' ? ok(q.ask) && cmp(o.price, q.ask) >= 0 : ok(q.bid) && cmp(o.price, q.bid) <= 0;
}

/** Walks a market order through the book: a sell or a sized buy by base size, a market buy by its notional. */
export function estimateFill(o: OrderShape, book: Book): Fill {
  const levels = o.side === 'buy' ? book.asks : book.bids;
  let size: Dec | string = '0';
  let cost: Dec | string = '0';
  let used = 0;
  let scale = 0;
  let spentAll = false;
  for (const l of levels) {
    if (!ok(l.price) || !ok(l.amount)) continue;
    const wantBase = o.notional === undefined ? sub(o.size ?? '0', size) : undefined;
    const leftQuote = o.notional !== undefined ? sub(o.notional, cost) : undefined;
    if ((wantBase && cmp(wantBase, '0') <= 0) || (leftQuote && cmp(leftQuote, '0') <= 0)) break;
    used++;
    // A notional that ends inside a level buys what it can there, to 12 places (the venue rounds its own way).
    const take = wantBase ? min(wantBase, l.amount) : min(l.amount, div(leftQuote!, l.price, 12));
    size = add(size, take);
    cost = add(cost, mul(take, l.price));
    scale = Math.max(scale, places(l.price));
    if (o.notional !== undefined && cmp(take, l.amount) < 0) {
      spentAll = true;
      break;
    }
  }
  const complete = o.notional !== undefined ? spentAll || cmp(cost, o.notional) >= 0 : cmp(size, o.size ?? '0') >= 0;
  return { size: norm(size), cost: norm(cost), average: isZero(size) ? '' : norm(div(cost, size, scale + 4)), levels: used, complete };
}

/**
 * The fat-finger guard: a limit price more than `maxPct` percent *through* the last price (a buy
 * above last x (1 + pct), a sell below last x (1 - pct)) is refused before anything is sent.
 * `maxPct` undefined: the guard is off.
 */
export function checkDeviation(o: OrderShape, last: string, maxPct: string | undefined): void {
  if (maxPct === undefined || o.price === undefined) return;
  if (!ok(last)) throw usage(`--price: the venue shows no last price, so ${o.price} cannot be checked against it`, 'check the market with: bm ticker, or skip the check with --max-deviation none');
  const bound = mul(last, o.side === 'buy' ? add('100', maxPct) : sub('100', maxPct));
  const through = o.side === 'buy' ? cmp(mul(o.price, '100'), bound) > 0 : cmp(mul(o.price, '100'), bound) < 0;
  if (!through) return;
  const limit = norm(div(bound, '100', 12));
  const away = deviationPct(o.price, last).replace(/^-/, '');
  const enough = enoughDeviation(o.price, last);
  const dir = o.side === 'buy' ? 'above' : 'below';
  throw usage(
    `--price: ${o.price} is ${away}% ${dir} the last price ${last}; a ${o.side} may be at most ${maxPct}% ${dir} it (${o.side === 'buy' ? 'up to' : 'down to'} ${limit}); nothing was sent`,
    `check the price; to send it anyway: --max-deviation ${enough} (or none to skip the check)`,
  );
}

/** The smallest whole `--max-deviation` (percent) that lets `price` through against `last`. */
export function enoughDeviation(price: string, last: string): string {
  const away = deviationPct(price, last).replace(/^-/, '');
  const whole = truncate(away, 0);
  return norm(cmp(away, whole) > 0 ? add(whole, '1') : whole);
}

function where(price: string, last: string): string {
  if (!ok(last)) return '';
  const d = deviationPct(price, last);
  return isZero(d) ? ' (at the last price)' : ` (${d.replace(/^-/, '')}% ${d.startsWith('-') ? 'below' : 'above'} last)`;
}

/** Lines for a confirmation: the market, where the price stands, and what crossing (or a market walk) means. */
export function contextLines(o: OrderShape, q: Quote, book: Book | undefined, base: string, quote: string): string[] {
  const show = (v: string) => (v === '' ? 'none' : v);
  const lines = [`market: last ${show(q.last)}, best bid ${show(q.bid)}, best ask ${show(q.ask)} ${quote}`];
  if (o.price !== undefined) {
    const x = crosses(o, q);
    let effect = x ? `crosses the book: fills at once against the best ${o.side === 'buy' ? 'ask' : 'bid'} and beyond, up to ${o.price}` : 'does not cross: it rests in the book';
    if (x && o.type === 'limit_maker') effect = 'crosses the book: a limit_maker order that would cross is cancelled at once';
    if (!x && o.type === 'ioc') effect = 'does not cross: an ioc order fills nothing and is cancelled';
    lines.push(`price ${o.price}${where(o.price, q.last)}: ${effect}`);
  } else if (book) {
    const f = estimateFill(o, book);
    const asked = o.notional !== undefined ? `${o.notional} ${quote}` : `${o.size} ${base}`;
    lines.push(f.average === ''
      ? `estimated fill: the book shows nothing to fill ${asked} against`
      : f.complete
        ? `estimated average fill ${f.average} ${quote} (about ${f.size} ${base} for ${o.notional ?? f.cost} ${quote}), walked over ${f.levels} level${f.levels === 1 ? '' : 's'} of the book`
        : `estimated fill: the book shows only ${f.size} ${base} (${f.cost} ${quote}) for ${asked}, at an average of ${f.average} ${quote}`);
  }
  return lines;
}

/** The pair's quote from the ticker (through a command's context or a library client's calls). */
export async function readQuote(ctx: CallsSource, symbol: string): Promise<Quote> {
  const data = await (await ctx.calls()).send(endpoint('spot.ticker'), [['symbol', symbol]]);
  const t = ((data as { tickers?: Array<Record<string, unknown>> }).tickers ?? []).find((x) => scalarText(x.symbol) === symbol) ?? {};
  return { last: scalarText(t.last_price), bid: scalarText(t.best_bid), ask: scalarText(t.best_ask) };
}

/** The pair's book, `levels` a side (by default the most the venue gives). */
export async function readBook(ctx: CallsSource, symbol: string, levels: number = PROTOCOL.bookLevels.max): Promise<Book> {
  const data = await (await ctx.calls()).send(endpoint('spot.book'), [['symbol', symbol], ['size', levels]]);
  const side = (v: unknown): Level[] => (Array.isArray(v) ? v : []).map((l: Record<string, unknown>) => ({ price: scalarText(l.price), amount: scalarText(l.amount) }));
  const d = data as { buys?: unknown; sells?: unknown };
  return { bids: side(d.buys), asks: side(d.sells) };
}
