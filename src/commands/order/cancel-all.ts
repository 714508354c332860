/**
 * `bm order cancel-all [SYMBOL] [--side]`: one pair, or, with no SYMBOL, every pair that has open
 * orders (the endpoint takes one pair per request), under one confirmation. Each pair's outcome is
 * proven by the careful-write pipeline; a pair whose outcome is unknown does not stop the others.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { matchWord, SIDES, STATUS_CODE, valuesOf } from '../../api/catalogue/vocab.js';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { confirmWrite } from '../../render/confirm.js';
import { show, type Invocation } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { checkSymbol } from '../../core/params.js';
import { currentChannel } from '../write-current.js';
import { carefulWrite } from '../../core/write/pipeline.js';
import { allPairs } from '../../core/order/pairs.js';

/** Enough rows of the open-orders list to tell whether any order of the side is open (a full page says yes). */
const PEEK = 100;

/** True when the pair has an open order (of `side`, when given): a cancel there has something to cancel. */
async function hasOpen(ctx: Context, symbol: string, side: string | undefined): Promise<boolean> {
  const calls = await ctx.calls();
  const data = await calls.send(endpoint('spot.orders'), [['symbol', symbol], ['N', side ? PEEK : 1], ['status', STATUS_CODE.open]]);
  const orders = ((data as { orders?: Array<{ side?: unknown }> }).orders ?? []);
  return side === undefined ? orders.length > 0 : orders.length >= PEEK || orders.some((o) => o.side === side);
}

async function pairsWithOpenOrders(ctx: Context, side: string | undefined): Promise<string[]> {
  const out: string[] = [];
  for (const p of await allPairs(ctx)) if (await hasOpen(ctx, p.symbol, side)) out.push(p.symbol);
  return out;
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const side = values.side === undefined ? undefined : matchWord(valuesOf(SIDES), values.side);
  if (values.side !== undefined && side === undefined) throw usage(`--side: must be one of ${valuesOf(SIDES).join(', ')} (got '${values.side}')`);
  const asked = values.symbol ? checkSymbol(values.symbol) : undefined;
  const symbols = asked ? (await hasOpen(ctx, asked, side) ? [asked] : []) : await pairsWithOpenOrders(ctx, side);
  if (!symbols.length) {
    // Nothing to cancel is said as such, and nothing is sent; a named pair still gets its row.
    const sided = side ? `${side} ` : '';
    ctx.note(`bm: no open ${sided}orders on ${asked ?? 'any pair'}: nothing to cancel`);
    const none = [{ symbol: asked, side: side ?? 'both', result: 'no open orders' }];
    if (asked) show(ctx, { columns: LOCAL_COLUMNS['order cancel-all'] }, none, { rows: none });
    return;
  }
  await confirmWrite(ctx, `Cancel every open ${side ? `${side} ` : ''}order on ${symbols.join(', ')}`, 'order cancel-all');
  const rows: Array<{ symbol: string; side: string; result: string }> = [];
  const unknown: BmError[] = [];
  const ch = currentChannel(ctx);
  const shown = () => rows.length && show(ctx, { columns: LOCAL_COLUMNS['order cancel-all'] }, rows, { rows });
  for (const symbol of symbols) {
    try {
      const r = await carefulWrite(ctx, ch, { ep, params: [['symbol', symbol], ...(side ? [['side', side] as const] : [])], command: 'order cancel-all', confirmed: true });
      if (r) rows.push({ symbol, side: side ?? 'both', result: r.verdict.say });
    } catch (err) {
      if (!(err instanceof BmError && err.category === 'unknown') || symbols.length === 1) {
        // The pairs already done are said before the error that stops the rest.
        shown();
        throw err;
      }
      unknown.push(err);
      rows.push({ symbol, side: side ?? 'both', result: 'unknown' });
    }
  }
  shown();
  if (unknown.length) throw new BmError('unknown', `order cancel-all: the outcome is unknown on ${unknown.length} of ${symbols.length} pairs: ${unknown.map((e) => e.message).join('; ')}`, { hint: unknown.map((e) => e.details.hint).join('; ') });
}
