/**
 * Every order the terminal places, cancels or amends goes through the order use cases, as `bm order` and
 * the library do (core/usecases/order*.ts: client order id, sent once, an unknown outcome looked up and never
 * claimed). The terminal's own part: the preflight on its live book (the pair's rules and the deviation
 * guard, as the form names the fields) and one log line per outcome.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Params } from '../../api/client.js';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import { amendOrder as amendOne } from '../../core/usecases/order-amend.js';
import { cancelAllOrders } from '../../core/usecases/order-cancel-all.js';
import { cancelOrder as cancelOne, placeChecked, PLACE_ID, type CheckedOrder, type OrderInput, type OrderOutcome, type OrderPort } from '../../core/usecases/order.js';
import { guardRefusal, marketContext, previewOrder, type MarketContext } from '../../core/usecases/order-preview.js';
import type { PairRules } from '../../core/usecases/orders-read.js';
import { orderPort } from '../write-current.js';
import type { OpenOrder, Quote } from './state.js';

export type { MarketContext } from '../../core/usecases/order-preview.js';
export { marketContext };

/** The form calls the flags' fields by their own names. */
const fieldNames = (message: string) => message.replace(/--(size|price|notional)\b/g, '$1').replace(/^notional\b/, 'amount');

/** The deviation guard of `bm order place` on the live last price; the refusal as the form shows it, or undefined. */
export function guardError(order: Pick<CheckedOrder, 'side' | 'type' | 'price'>, last: string | undefined, maxPct: string | undefined): string | undefined {
  const refusal = guardRefusal(order, last, maxPct);
  return refusal ? fieldNames(refusal.message) : undefined;
}

/** Pre-flight (the preview use case): the pair's rules, then the deviation guard. Throws a usage error naming the field as the form calls it. */
export function preflight(input: OrderInput, rules: PairRules, q: Quote, maxPct: string | undefined): { order: CheckedOrder; context: MarketContext } {
  try {
    return previewOrder(input, rules, q, maxPct);
  } catch (err) {
    if (err instanceof BmError) throw usage(fieldNames(err.message));
    throw err;
  }
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
  // Only the venue refuses: a network error or a check before the write is "not sent", whatever code it carries.
  const refused = err.category === 'venue';
  const venue = refused && d.code !== undefined ? ` (code ${d.code}${d.venueMessage ? `: ${d.venueMessage}` : ''}${d.trace ? `, trace ${d.trace}` : ''})` : '';
  return { kind: 'rejected', text: `${what}: ${refused ? 'rejected' : 'not sent'}: ${err.message}${venue}${hint}` };
}

/** One line naming an order: `buy 0.01 BTC_USDT @ 30000` (or `market`). */
export function orderText(o: Pick<CheckedOrder, 'side' | 'type' | 'size' | 'price' | 'notional' | 'symbol'>): string {
  const amount = o.size ?? `${o.notional} (quote)`;
  return `${o.side} ${amount} ${o.symbol} @ ${o.price ?? 'market'}`;
}

/** The order use cases' port for the terminal: its `y` confirmed the write, and its preflight read the live market already. */
const portOf = (ctx: Context): OrderPort => ({ ...orderPort(ctx), market: 'skip' });

const proofOf = (via: 'answer' | 'lookup') => (via === 'lookup' ? ', proven by looking it up' : '');

/** An outcome the write did not prove done, as the terminal says it: settled (known, not taken effect), refused, unknown. */
function notDone(what: string, o: OrderOutcome, detail = ''): Outcome {
  if (o.kind === 'settled') return { kind: 'rejected', text: `${what}: ${o.say}${detail}` };
  if (o.kind === 'rejected' || o.kind === 'unknown') return outcomeOfError(what, o.error);
  // --dry-run is refused before the terminal starts: a dry run here means nothing was sent.
  return { kind: 'unknown', text: `${what}: ${o.kind === 'dry-run' ? 'nothing was sent' : `unexpected answer (${o.kind})`}` };
}

/** Places a checked order once (the order use case); an unknown outcome is looked up by its client order id, never re-sent. */
export async function placeOrder(ctx: Context, order: CheckedOrder): Promise<Outcome> {
  const what = `place ${orderText(order)}`;
  try {
    const port = portOf(ctx);
    const o = await placeChecked(port, { ep: port.channel.entry(PLACE_ID), params: order.params, command: what, what, confirmed: true });
    const id = o.kind === 'placed' || o.kind === 'settled' ? scalarText((o.answer as Record<string, unknown> | undefined)?.order_id ?? (o.result.data as Record<string, unknown> | undefined)?.order_id) : undefined;
    if (o.kind !== 'placed') return notDone(what, o, o.kind === 'settled' ? ` (order ${id}, client order id ${order.clientOrderId}${proofOf(o.via)})` : '');
    return { kind: 'ok', text: `placed ${orderText(order)} (order ${id}, client order id ${order.clientOrderId}${proofOf(o.via)})`, orderId: id };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}

/** Cancels one order (the order use case); a lost answer is settled by the order's own state. */
export async function cancelOrder(ctx: Context, symbol: string, o: OpenOrder): Promise<Outcome> {
  const what = `cancel ${o.side} ${o.size} @ ${o.price} (order ${o.id})`;
  try {
    const c = await cancelOne(portOf(ctx), { symbol, ref: { orderId: o.id }, command: what, what, confirmed: true });
    if (c.kind !== 'cancelled') return notDone(what, c, c.kind === 'settled' && c.via === 'lookup' ? ' (proven by looking it up)' : '');
    return { kind: 'ok', text: `cancelled ${o.side} ${o.size} @ ${o.price} (order ${o.id}${proofOf(c.via)})`, orderId: o.id };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}

/**
 * Amends an open order as `bm order amend` does (the amend use case): its cancel proven, then the new
 * total size less what filled placed at the new price; confirmed already by the terminal's `y`.
 */
export async function amendOrder(ctx: Context, rules: PairRules, o: OpenOrder, change: { price: string; size: string }): Promise<Outcome> {
  const what = `amend order ${o.id} to ${o.side} ${change.size} @ ${change.price}`;
  try {
    const r = await amendOne(portOf(ctx), { symbol: rules.symbol, ref: { orderId: o.id }, ...change, command: what, confirmed: true });
    if (r.kind !== 'amended') return notDone(what, r);
    const a = r.amended;
    const old = `order ${o.id} ${a.old.say} (${a.old.finalFilled} filled${proofOf(a.old.via)})`;
    if (!a.placed) return { kind: 'rejected', text: `${what}: ${old}; no new order: ${a.why}` };
    const p = a.placed;
    return { kind: 'ok', text: `amended: ${old}; ${p.say} ${o.side} ${p.size} ${rules.symbol} @ ${p.price} (order ${p.orderId}, client order id ${p.clientOrderId}${proofOf(p.via)})`, orderId: p.orderId };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}

/** Cancels every open order of the pair (the cancel-all use case: one request); proven when none is left open. */
export async function cancelAll(ctx: Context, symbol: string): Promise<Outcome> {
  const what = `cancel all on ${symbol}`;
  try {
    const r = await cancelAllOrders(portOf(ctx), { symbol, command: what, confirmed: true });
    const last = r.pairs.at(-1)?.outcome;
    if (!last) return r.stopped ? outcomeOfError(what, r.stopped) : { kind: 'ok', text: `no open order on ${symbol}: nothing to cancel` };
    if (last.kind !== 'cancelled') return notDone(what, last);
    return { kind: 'ok', text: `cancelled every open order on ${symbol}${last.via === 'lookup' ? ' (proven by looking it up)' : ''}` };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}
