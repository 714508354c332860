/**
 * `bm order place`: the order's domain logic (pair rules, market context, the fat-finger guard, `--wait`);
 * the careful-write pipeline confirms, sends once and proves the outcome.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import { send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../params.js';
import { currentChannel } from '../write/current.js';
import { carefulWrite } from '../write/pipeline.js';
import { checkOrder, describe, type CheckedOrder } from './check.js';
import { checkDeviation, contextLines, parseMaxDeviation, readBook, readQuote } from './market-context.js';
import { followOrder } from './order-stream.js';
import type { PairRules } from './pairs.js';
import { pairRules } from './pairs.js';
import { humanOrders } from './status.js';
import { parseWait, waitForOrder, type WaitSpec } from './wait.js';

/** Shared with the trading terminal and `order batch` (market-context.ts). */
export { parseMaxDeviation };

/** Market context lines for the confirmation; the guard checked first. Reads only what is needed. */
async function market(ctx: Context, order: CheckedOrder, rules: PairRules, maxPct: string | undefined): Promise<string[]> {
  const asking = !ctx.globals.yes && !ctx.globals.dryRun;
  // No terminal and no --yes: the pipeline refuses at once; reading the market first would only delay that.
  if (asking && !ctx.io.canPrompt) return [];
  const guarded = maxPct !== undefined && order.price !== undefined;
  if (!asking && !ctx.globals.dryRun && !guarded) return [];
  const [quote, book] = await Promise.all([readQuote(ctx, order.symbol), order.price === undefined ? readBook(ctx, order.symbol) : undefined]);
  checkDeviation(order, quote.last, maxPct);
  return contextLines(order, quote, book, rules.base_currency, rules.quote_currency);
}

async function follow(ctx: Context, order: CheckedOrder, orderId: string, spec: WaitSpec): Promise<void> {
  const detail = endpoint('spot.order.detail');
  const r = await waitForOrder(spec, {
    read: async () => (await send(ctx, detail, [['symbol', order.symbol], ['order_id', orderId]])) as Record<string, unknown>,
    follow: followOrder(ctx, order.symbol, { orderId, clientOrderId: order.clientOrderId }),
    note: (line) => ctx.note(line),
  });
  show(ctx, detail, r.row, { rows: humanOrders(ctx, [r.row]) });
  const status = scalarText(r.row.status);
  const check = `bm order get ${order.symbol} --order-id ${orderId}`;
  if (r.end === 'reached') return;
  if (r.end === 'ended') throw new BmError('waited', `order place --wait ${spec.until}: order ${orderId} ended with status ${status} before it was ${spec.until}`, { hint: `see it with: ${check}` });
  throw new BmError('waited', `order place --wait ${spec.until}: waited ${spec.timeoutMs / 1000} s; order ${orderId} shows status ${status} and is left as it is`, {
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
  const r = await carefulWrite(ctx, currentChannel(ctx), { ep, params: order.params, command: 'order place', what: `Place ${describe(order, rules)}`, context });
  if (!r) return;
  const d = r.data as Record<string, unknown>;
  const orderId = scalarText(d.order_id);
  const proof = r.via === 'lookup' ? ' (proven by looking it up)' : '';
  if (r.verdict.outcome !== 'done') {
    throw new BmError('venue', `order place: order ${orderId} (client order id ${order.clientOrderId}) was ${r.verdict.say}${proof}`, { hint: `see it with: bm order get ${symbol} --order-id ${orderId}` });
  }
  ctx.note(`bm: order ${orderId} placed (client order id ${order.clientOrderId})${proof}`);
  if (wait) return follow(ctx, order, orderId, wait);
  const row = { order_id: d.order_id, client_order_id: order.clientOrderId, ...(d.status !== undefined ? { status: d.status } : {}) };
  show(ctx, ep, r.via === 'lookup' ? row : { ...d, client_order_id: order.clientOrderId }, { rows: [row] });
}
