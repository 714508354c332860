/**
 * `bm order batch SYMBOL --file <path|->`: reads JSON or NDJSON orders, checks them all before sending
 * any, sends one request per PROTOCOL.ordersPerBatch orders, several requests at once within the rate limit, and reports each order's outcome (exit 9 when some failed).
 */
import { readFileSync } from 'node:fs';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { parseJson, scalarText } from '../../util/json.js';
import { confirmWrite } from '../confirm.js';
import { send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../params.js';
import { checkOrder, type CheckedOrder } from './check.js';
import { findByClientId, outcomeUnknown } from './lookup.js';
import { pairRules } from './pairs.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';

/** The most orders one batch request may carry (50033 beyond). */
export const BATCH = PROTOCOL.ordersPerBatch;
/** Batch requests out at once at most: enough to reach the published rate over a slow link, few sockets. */
export const IN_FLIGHT = 8;

async function readSource(ctx: Context, file: string): Promise<string> {
  if (file !== '-') {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      throw usage(`--file: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  void ctx;
  return Buffer.concat(chunks).toString('utf8');
}

/** Orders from a JSON array, `{"order_params":[...]}`, or one JSON object per line. */
export function parseOrders(text: string): Array<Record<string, unknown>> {
  const t = text.trim();
  if (!t) throw usage('--file: no orders in the input');
  let list: unknown;
  if (t.startsWith('[') || (t.startsWith('{') && t.includes('"order_params"'))) {
    try {
      list = parseJson(t);
    } catch {
      throw usage('--file: not valid JSON');
    }
    if (!Array.isArray(list)) list = (list as { order_params?: unknown }).order_params;
  } else {
    list = t.split('\n').map((line, i) => {
      if (!line.trim()) return undefined;
      try {
        return parseJson(line);
      } catch {
        throw usage(`--file: line ${i + 1} is not a JSON object`);
      }
    }).filter((x) => x !== undefined);
  }
  if (!Array.isArray(list) || list.some((o) => !o || typeof o !== 'object' || Array.isArray(o))) throw usage('--file: expected a list of order objects');
  return list as Array<Record<string, unknown>>;
}

function text(o: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return scalarText(o[k]);
  return undefined;
}

interface Outcome { index: number; client_order_id: string; order_id: unknown; result: 'placed' | 'failed' | 'unknown'; code: string; message: string }

/** Sends one request of at most {@link BATCH} orders; its outcomes, one per order. Throws only when `first` and the venue refused it. */
async function sendChunk(inv: Invocation, chunk: readonly CheckedOrder[], start: number, first: boolean): Promise<Outcome[]> {
  const { ctx, ep } = inv;
  const orderParams = chunk.map((o) => Object.fromEntries(o.params));
  let data: unknown;
  try {
    data = await send(ctx, ep, [['order_params', orderParams]]);
  } catch (err) {
    if (!outcomeUnknown(err)) {
      if (first) throw err;
      return chunk.map((o, j) => ({ index: start + j + 1, client_order_id: o.clientOrderId, order_id: '', result: 'failed', code: err instanceof BmError ? err.details.code ?? '' : '', message: (err as Error).message }));
    }
    ctx.note(`bm: ${err.message}; looking up each order of this request by client order id`);
    const out: Outcome[] = [];
    for (const [j, o] of chunk.entries()) {
      const found = await findByClientId(ctx, o.symbol, o.clientOrderId).catch(() => undefined);
      out.push({ index: start + j + 1, client_order_id: o.clientOrderId, order_id: found?.order_id ?? '', result: found ? 'placed' : 'unknown', code: '', message: found ? 'found after a timeout' : 'outcome unknown' });
    }
    return out;
  }
  if (data === undefined) return [];
  const responses = ((data as { responses?: Array<Record<string, unknown>> }).responses ?? []);
  return chunk.map((o, j) => {
    const r = responses[j] ?? {};
    const ok = String(r.code ?? '') === '0' || String(r.code ?? '') === '1000';
    const d = (r.data ?? {}) as Record<string, unknown>;
    return { index: start + j + 1, client_order_id: o.clientOrderId, order_id: ok ? d.order_id ?? '' : '', result: ok ? 'placed' : 'failed', code: scalarText(r.code), message: scalarText(r.msg ?? r.message ?? '') };
  });
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values, opts } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  if (typeof opts.file !== 'string') throw usage('--file is required: a JSON or NDJSON file of orders, or - for stdin');
  const raw = parseOrders(await readSource(ctx, opts.file));
  const checked: CheckedOrder[] = [];
  for (const [i, o] of raw.entries()) {
    const sym = checkSymbol(text(o, 'symbol') ?? symbol, `order ${i + 1}: symbol`);
    const input = { symbol: sym, side: text(o, 'side'), type: text(o, 'type'), size: text(o, 'size'), price: text(o, 'price'), notional: text(o, 'notional'), client_order_id: text(o, 'client_order_id', 'clientOrderId') };
    checked.push(checkOrder(input as Parameters<typeof checkOrder>[0], await pairRules(ctx, sym), `order ${i + 1}: `));
  }
  const buys = checked.filter((o) => o.side === 'buy').length;
  await confirmWrite(ctx, `Place ${checked.length} orders (${buys} buy, ${checked.length - buys} sell) on ${symbol}?`, 'order batch');
  const chunks: CheckedOrder[][] = [];
  for (let start = 0; start < checked.length; start += BATCH) chunks.push(checked.slice(start, start + BATCH));
  const results: Outcome[][] = new Array(chunks.length);
  // The first request goes alone: a refusal that would refuse them all (key, permission, balance
  // rules) stops the run before more are sent. Then up to IN_FLIGHT requests are out at once, as the
  // client's rate limiter allows, and the outcomes are reported in the order of the file.
  results[0] = await sendChunk(inv, chunks[0]!, 0, true);
  let next = 1;
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      const i = next++;
      results[i] = await sendChunk(inv, chunks[i]!, i * BATCH, false);
    }
  };
  const lanes = ctx.globals.dryRun ? 1 : Math.min(IN_FLIGHT, chunks.length - 1);
  await Promise.all(Array.from({ length: lanes }, worker));
  const outcomes = results.flat();
  if (ctx.globals.dryRun) return;
  show(ctx, { columns: ['index', 'result', 'order_id', 'client_order_id', 'code', 'message'] }, { responses: outcomes }, { rows: outcomes as unknown as Array<Record<string, unknown>> });
  const failed = outcomes.filter((o) => o.result === 'failed').length;
  const unknown = outcomes.filter((o) => o.result === 'unknown').length;
  if (unknown) throw new BmError('network', `${unknown} of ${outcomes.length} orders have an unknown outcome`, { hint: `check with: bm order list ${symbol} --status open` });
  if (failed === outcomes.length) throw new BmError('venue', `all ${failed} orders were rejected`);
  if (failed) throw new BmError('partial', `${failed} of ${outcomes.length} orders were rejected; the others were placed`);
}
