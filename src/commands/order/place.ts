/**
 * `bm order place`: the order's domain logic (pair rules, market context, the fat-finger guard, `--wait`);
 * the careful-write pipeline confirms, sends once and proves the outcome.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { ORDER_STATUSES, statusSaid } from '../../api/catalogue/vocab.js';
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import { show, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/params.js';
import { currentChannel } from '../write/current.js';
import { carefulWrite } from '../../core/write/pipeline.js';
import { checkOrder, describe, type CheckedOrder } from '../../core/order/check.js';
import { checkDeviation, contextLines, parseMaxDeviation, readBook, readQuote } from '../../core/order/market-context.js';
import { checkAnswered } from '../../core/order/answered.js';
import type { WaitClock } from '../../util/clock.js';
import { followOrder } from '../../core/order/order-stream.js';
import type { PairRules } from '../../core/order/pairs.js';
import { pairRules } from '../../core/order/pairs.js';
import { checkStood, withState } from '../../core/order/standing.js';
import { humanOrders } from './status-words.js';
import { parseWait, waitForOrder, type WaitSpec } from '../../core/order/wait.js';

/** Shared with the trading terminal and `order batch` (market-context.ts). */
export { parseMaxDeviation };

/** Market context lines for the confirmation; the guard checked first. Reads only what is needed. Shared with `order amend`. */
export async function market(ctx: Context, order: CheckedOrder, rules: PairRules, maxPct: string | undefined): Promise<string[]> {
  const asking = !ctx.globals.yes && !ctx.globals.dryRun;
  // No terminal and no --yes: the pipeline refuses at once; reading the market first would only delay that.
  if (asking && !ctx.io.canPrompt) return [];
  const guarded = maxPct !== undefined && order.price !== undefined;
  if (!asking && !ctx.globals.dryRun && !guarded) return [];
  const [quote, book] = await Promise.all([readQuote(ctx, order.symbol), order.price === undefined ? readBook(ctx, order.symbol) : undefined]);
  checkDeviation(order, quote.last, maxPct);
  return contextLines(order, quote, book, rules.base_currency, rules.quote_currency);
}

/** The order's row, read within `leftMs` (the request's own timeout never outlasts the wait). */
async function readOrder(ctx: Context, symbol: string, orderId: string, leftMs: number): Promise<Record<string, unknown>> {
  const { CurrentCalls } = await import('../../core/calls.js');
  const calls = new CurrentCalls({ ...ctx.wiring(), timeoutMs: Math.max(1, Math.min(ctx.timeoutMs, leftMs)) });
  const params = [['symbol', symbol], ['order_id', orderId]] as const;
  const row = (await calls.send(endpoint('spot.order.detail'), params)) as Record<string, unknown>;
  checkAnswered('order place --wait', params, row);
  return row;
}

/** `--wait`: the order followed until it reaches the state, ends otherwise (exit 10) or the wait runs out (exit 10). */
export async function follow(ctx: Context, order: Pick<CheckedOrder, 'symbol' | 'clientOrderId'>, orderId: string, spec: WaitSpec, clock?: WaitClock): Promise<void> {
  const detail = endpoint('spot.order.detail');
  const r = await waitForOrder(spec, {
    read: (leftMs) => readOrder(ctx, order.symbol, orderId, leftMs),
    follow: followOrder(ctx, order.symbol, { orderId, clientOrderId: order.clientOrderId }),
    note: (line) => ctx.note(line),
    ...((clock ?? ctx.clock) ? { clock: clock ?? ctx.clock } : {}),
  });
  if (r.row) show(ctx, detail, r.row, { rows: humanOrders(ctx, [r.row]) });
  const said = (row?: Record<string, unknown>) => statusSaid(ORDER_STATUSES, scalarText(row?.status));
  const shows = r.row ? `shows status ${said(r.row)}` : 'was not read in that time';
  const check = `bm order get ${order.symbol} --order-id ${orderId}`;
  if (r.end === 'reached') return;
  if (r.end === 'ended') throw new BmError('waited', `order place --wait ${spec.until}: order ${orderId} ended with status ${said(r.row)} before it was ${spec.until}`, { hint: `see it with: ${check}` });
  throw new BmError('waited', `order place --wait ${spec.until}: waited ${spec.timeoutMs / 1000} s; order ${orderId} ${shows} and is left as it is`, {
    hint: `follow it with: ${check}; cancel it with: bm order cancel ${order.symbol} --order-id ${orderId}`,
  });
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values, opts } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const maxPct = parseMaxDeviation(opts.maxDeviation);
  const wait = parseWait(opts.wait, opts.waitTimeout);
  const rules = await pairRules(ctx, symbol);
  const order = checkOrder({ ...values, symbol } as Parameters<typeof checkOrder>[0], rules);
  const context = await market(ctx, order, rules, maxPct);
  const ch = currentChannel(ctx);
  const sent = await carefulWrite(ctx, ch, { ep, params: order.params, command: 'order place', what: `Place ${describe(order, rules)}`, context });
  if (!sent) return;
  // limit_maker and ioc may be finished by the venue at once: their state is read before anything is claimed.
  const r = await withState(ch, sent, 'order place', ctx.clock);
  checkStood('order place', r);
  const d = r.data as Record<string, unknown>;
  const orderId = scalarText(d.order_id);
  const proof = r.via === 'lookup' ? ' (proven by looking it up)' : '';
  ctx.note(`bm: order ${orderId} ${r.verdict.say} (client order id ${order.clientOrderId})${proof}`);
  if (wait) return follow(ctx, order, orderId, wait);
  const row = {
    order_id: d.order_id, client_order_id: order.clientOrderId,
    ...(d.status !== undefined ? { status: d.status } : {}), ...(d.filled_size !== undefined ? { filled_size: d.filled_size } : {}),
  };
  // An answer is printed as it came; a row read (a lookup, the state after placement) as what it proves.
  show(ctx, ep, r.ep === ep && r.via === 'answer' ? { ...d, client_order_id: order.clientOrderId } : row, { rows: [row] });
}
