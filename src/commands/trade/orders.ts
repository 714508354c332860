/**
 * Every order the terminal places or cancels goes through here, on the same path as `bm order place`
 * and `bm order cancel`: the pair's rules (order/check), the market context and the deviation guard
 * (order/market-context), then the careful-write pipeline (write/pipeline: client order id, sent
 * once, an unknown outcome looked up and never claimed). Only the shapes are the terminal's own: the
 * live book as tuples in, one log line out.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Params } from '../../api/client.js';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { isDecimal, isZero } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import { amendOrder as amendCore } from '../../core/order/amend.js';
import { checkOrder, type CheckedOrder, type OrderInput } from '../../core/order/check.js';
import { checkDeviation, crosses, deviationPct, estimateFill, type Book, type Fill } from '../../core/order/market-context.js';
import type { PairRules } from '../../core/order/pairs.js';
import { currentChannel } from '../write-current.js';
import { carefulWrite } from '../../core/write/pipeline.js';
import type { Level, OpenOrder, Quote } from './state.js';

export interface MarketContext {
  readonly last: string | undefined;
  readonly bestBid: string | undefined;
  readonly bestAsk: string | undefined;
  /** Signed percent of the order's price from the last price (as `bm order place` says it). */
  readonly fromLast: string | undefined;
  /** A limit order that would trade at once; every market order does. */
  readonly crosses: boolean;
  /** A market order walked through the visible book. */
  readonly fill: Fill | undefined;
}

const usable = (v: string | undefined): v is string => v !== undefined && v !== '' && isDecimal(v) && !isZero(v);

/** The live book in the shape the market context reads. */
function bookOf(q: Pick<Quote, 'asks' | 'bids'>): Book {
  const side = (levels: readonly Level[]) => levels.map(([price, amount]) => ({ price, amount }));
  return { asks: side(q.asks), bids: side(q.bids) };
}

/** The context a confirmation shows for `order`. */
export function marketContext(order: CheckedOrder, q: Quote): MarketContext {
  const bestBid = q.bids[0]?.[0];
  const bestAsk = q.asks[0]?.[0];
  return {
    last: q.last, bestBid, bestAsk,
    fromLast: order.price !== undefined && usable(q.last) ? deviationPct(order.price, q.last) : undefined,
    crosses: crosses(order, { last: q.last ?? '', bid: bestBid ?? '', ask: bestAsk ?? '' }),
    fill: order.type === 'market' ? estimateFill(order, bookOf(q)) : undefined,
  };
}

/** The form calls the flags' fields by their own names. */
const fieldNames = (message: string) => message.replace(/--(size|price|notional)\b/g, '$1').replace(/^notional\b/, 'amount');

/** The deviation guard of `bm order place` on the live last price; the refusal as the form shows it, or undefined. */
export function guardError(order: Pick<CheckedOrder, 'side' | 'type' | 'price'>, last: string | undefined, maxPct: string | undefined): string | undefined {
  try {
    checkDeviation(order, last ?? '', maxPct);
    return undefined;
  } catch (err) {
    if (err instanceof BmError) return fieldNames(err.message);
    throw err;
  }
}

/** Pre-flight: the pair's rules, then the deviation guard. Throws a usage error naming the field (as the form calls it). */
export function preflight(input: OrderInput, rules: PairRules, q: Quote, maxPct: string | undefined): { order: CheckedOrder; context: MarketContext } {
  let order: CheckedOrder;
  try {
    order = checkOrder(input, rules);
  } catch (err) {
    if (err instanceof BmError) throw usage(fieldNames(err.message));
    throw err;
  }
  const guard = guardError(order, q.last, maxPct);
  if (guard) throw usage(guard);
  return { order, context: marketContext(order, q) };
}

/** How a write ended, as the venue proved it. */
export interface Outcome {
  readonly kind: 'ok' | 'rejected' | 'unknown';
  readonly text: string;
  readonly orderId?: string;
}

/** A write that threw: unknown (exit 11 on the command line) only when the pipeline says so; else refused or not sent. */
export function outcomeOfError(what: string, err: unknown): Outcome {
  if (!(err instanceof BmError)) return { kind: 'unknown', text: `${what}: outcome unknown: ${(err as Error).message}` };
  const d = err.details;
  const hint = d.hint ? `; ${d.hint}` : '';
  if (err.category === 'unknown') return { kind: 'unknown', text: `${err.message.startsWith(what) ? '' : `${what}: `}${err.message}${hint}` };
  const venue = d.code !== undefined ? ` (code ${d.code}${d.venueMessage ? `: ${d.venueMessage}` : ''}${d.trace ? `, trace ${d.trace}` : ''})` : '';
  return { kind: 'rejected', text: `${what}: ${d.code !== undefined ? 'rejected' : 'not sent'}: ${err.message}${venue}${hint}` };
}

/** One line naming an order: `buy 0.01 BTC_USDT @ 30000` (or `market`). */
export function orderText(o: Pick<CheckedOrder, 'side' | 'type' | 'size' | 'price' | 'notional' | 'symbol'>): string {
  const amount = o.size ?? `${o.notional} (quote)`;
  return `${o.side} ${amount} ${o.symbol} @ ${o.price ?? 'market'}`;
}

/**
 * One confirmed write through the pipeline; `command` names it in the pipeline's notes (they go to
 * the log) and in an unknown outcome.
 */
async function write(ctx: Context, id: string, params: Params, command: string) {
  const r = await carefulWrite(ctx, currentChannel(ctx), { ep: endpoint(id), params, command, what: command, confirmed: true });
  // --dry-run is refused before the terminal starts, so the pipeline always sends.
  if (!r) throw new BmError('unknown', `${command}: nothing was sent`);
  return { r, proof: r.via === 'lookup' ? ', proven by looking it up' : '' };
}

/** Places a checked order once; an unknown outcome is looked up by its client order id, never re-sent. */
export async function placeOrder(ctx: Context, order: CheckedOrder): Promise<Outcome> {
  const what = `place ${orderText(order)}`;
  try {
    const { r, proof } = await write(ctx, 'spot.order.submit', order.params, what);
    const id = scalarText((r.data as Record<string, unknown> | undefined)?.order_id);
    if (r.verdict.outcome !== 'done') return { kind: 'rejected', text: `${what}: ${r.verdict.say} (order ${id}, client order id ${order.clientOrderId}${proof})` };
    return { kind: 'ok', text: `placed ${orderText(order)} (order ${id}, client order id ${order.clientOrderId}${proof})`, orderId: id };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}

/** Cancels one order; a lost answer is settled by the order's own state. */
export async function cancelOrder(ctx: Context, symbol: string, o: OpenOrder): Promise<Outcome> {
  const what = `cancel ${o.side} ${o.size} @ ${o.price} (order ${o.id})`;
  try {
    const { r, proof } = await write(ctx, 'spot.order.cancel', [['symbol', symbol], ['order_id', o.id]], what);
    if (r.verdict.outcome !== 'done') return { kind: 'rejected', text: `${what}: ${r.verdict.say}${proof ? ` (${proof.slice(2)})` : ''}` };
    return { kind: 'ok', text: `cancelled ${o.side} ${o.size} @ ${o.price} (order ${o.id}${proof})`, orderId: o.id };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}

/**
 * Amends an open order as `bm order amend` does (core order/amend.ts): its cancel proven, then the new
 * total size less what filled placed at the new price; confirmed already by the terminal's `y`.
 */
export async function amendOrder(ctx: Context, rules: PairRules, o: OpenOrder, change: { price: string; size: string }): Promise<Outcome> {
  const what = `amend order ${o.id} to ${o.side} ${change.size} @ ${change.price}`;
  try {
    const { followReplaced } = await import('../../core/usecases/algo.js');
    const a = await amendCore(ctx, currentChannel(ctx), { rules, orderId: o.id, ...change, command: what, confirmed: true, follow: followReplaced(ctx.session.env, rules.symbol, () => undefined) });
    if (!a) throw new BmError('unknown', `${what}: nothing was sent`);
    const old = `order ${o.id} ${a.old.say} (${a.old.finalFilled} filled${a.old.via === 'lookup' ? ', proven by looking it up' : ''})`;
    if (!a.placed) return { kind: 'rejected', text: `${what}: ${old}; no new order: ${a.why}` };
    const p = a.placed;
    return { kind: 'ok', text: `amended: ${old}; ${p.say} ${o.side} ${p.size} ${rules.symbol} @ ${p.price} (order ${p.orderId}, client order id ${p.clientOrderId}${p.via === 'lookup' ? ', proven by looking it up' : ''})`, orderId: p.orderId };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}

/** Cancels every open order of the pair (one request); proven when none is left open. */
export async function cancelAll(ctx: Context, symbol: string): Promise<Outcome> {
  const what = `cancel all on ${symbol}`;
  try {
    const { proof } = await write(ctx, 'spot.order.cancel_all', [['symbol', symbol]], what);
    return { kind: 'ok', text: `cancelled every open order on ${symbol}${proof ? ` (${proof.slice(2)})` : ''}` };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}
