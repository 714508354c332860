/**
 * `bm order batch SYMBOL --file <path|->`: reads JSON or NDJSON orders, checks them all before sending
 * any, sends 10 per request, several requests at once within the rate limit, prints each order's
 * outcome as soon as it is known and keeps a journal, so that Ctrl-C or a crash loses no record and
 * `--resume <journal>` completes the file without sending any order twice.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { parseJson, scalarText } from '../../util/json.js';
import { confirmWrite } from '../confirm.js';
import { send, type Invocation } from '../engine.js';
import { checkSymbol } from '../params.js';
import { defaultJournalPath, digestOf, Journal, readJournal, type JournalState, type Outcome } from './batch-journal.js';
import { BatchPrinter } from './batch-output.js';
import { sendBatch, type BatchHost, type BatchOrder } from './batch-send.js';
import { checkOrder, type CheckedOrder } from './check.js';
import { pairRules, type PairSource } from './pairs.js';
import { currentChannel } from '../write/current.js';

export { BATCH, IN_FLIGHT } from './batch-send.js';

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

/** A batch sent for a command: through its client, dry runs printed, notes on stderr. */
function batchHost(ctx: Context): BatchHost {
  return { send: (ep, params) => send(ctx, ep, params), channel: currentChannel(ctx), note: (line) => ctx.note(line), dryRun: Boolean(ctx.globals.dryRun) };
}

function text(o: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return scalarText(o[k]);
  return undefined;
}

/** Every order of the file checked; a resumed batch keeps the client order ids its journal gave them. */
export async function checkAll(ctx: PairSource, symbol: string, raw: ReadonlyArray<Record<string, unknown>>, ids?: readonly string[]): Promise<CheckedOrder[]> {
  const checked: CheckedOrder[] = [];
  for (const [i, o] of raw.entries()) {
    const sym = checkSymbol(text(o, 'symbol') ?? symbol, `order ${i + 1}: symbol`);
    const input = { symbol: sym, side: text(o, 'side'), type: text(o, 'type'), size: text(o, 'size'), price: text(o, 'price'), notional: text(o, 'notional'), client_order_id: text(o, 'client_order_id', 'clientOrderId') ?? ids?.[i] };
    checked.push(checkOrder(input as Parameters<typeof checkOrder>[0], await pairRules(ctx, sym), `order ${i + 1}: `));
  }
  return checked;
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, values, opts } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const resumed: JournalState | undefined = typeof opts.resume === 'string' ? readJournal(opts.resume) : undefined;
  const file = typeof opts.file === 'string' ? opts.file : resumed?.header.file;
  if (file === undefined) throw usage('--file is required: a JSON or NDJSON file of orders, or - for stdin');
  if (resumed && resumed.header.symbol !== symbol) throw usage(`--resume: the journal is of a batch on ${resumed.header.symbol}, not ${symbol}`);
  const checked = await checkAll(ctx, symbol, parseOrders(await readSource(ctx, file)), resumed?.header.ids);
  const digest = digestOf(checked.map((o) => o.params));
  if (resumed && (resumed.header.digest !== digest || resumed.header.ids.length !== checked.length || checked.some((o, i) => o.clientOrderId !== resumed.header.ids[i]))) {
    throw usage(`--resume: ${file} is not the file of this journal (its orders differ); give the batch's own file with --file`);
  }
  const orders: BatchOrder[] = checked.map((o, i) => ({ index: i + 1, order: o }));
  const done = (i: number) => { const x = resumed?.last.get(i); return x !== undefined && x !== 'sending' && x.result !== 'unknown'; };
  const todo = orders.filter((o) => !done(o.index));
  const buys = todo.filter((o) => o.order.side === 'buy').length;
  const what = `${todo.length} orders (${buys} buy, ${todo.length - buys} sell) on ${symbol}`;
  const lookFirst = unsettled(resumed, todo);
  await confirmWrite(ctx, resumed ? `Resume the batch: ${todo.length - lookFirst.size} of ${orders.length} orders to send, ${lookFirst.size} to look up first (${what})?` : `Place ${what}?`, 'order batch');
  if (ctx.globals.dryRun) {
    await sendBatch(batchHost(ctx), inv.ep, todo, { stopped: () => false, report: () => {}, sending: () => {} }, new Set<number>());
    return;
  }

  const journalPath = resumed ? (opts.resume as string) : typeof opts.journal === 'string' ? opts.journal : defaultJournalPath(ctx.env, symbol, new Date());
  const journal = resumed ? Journal.reopen(journalPath) : Journal.create(journalPath, { batch: 1, symbol, file: file === '-' ? '-' : resolve(file), digest, ids: checked.map((o) => o.clientOrderId), started: new Date().toISOString() });
  ctx.note(`bm: journal ${journalPath} (after an interruption: bm order batch ${symbol} --resume ${journalPath}${file === '-' ? ' --file <the same orders>' : ''})`);
  const printer = new BatchPrinter(ctx, 1, orders.length);
  const outcomes: Outcome[] = [];
  const record = (o: Outcome, write = true) => {
    outcomes.push(o);
    if (write) journal.outcome(o);
    printer.add(o);
  };
  for (const o of orders) {
    const x = resumed?.last.get(o.index);
    if (x !== undefined && x !== 'sending' && done(o.index)) record(x, false);
  }

  let stopping = false;
  const onSignal = () => {
    if (!stopping) ctx.note('bm: interrupted: no more requests are sent; waiting for those in flight');
    stopping = true;
  };
  process.on('SIGINT', onSignal);
  try {
    await sendBatch(batchHost(ctx), inv.ep, todo, { stopped: () => stopping, report: (o) => record(o), sending: (batch) => journal.sending(batch.map((b) => ({ index: b.index, client_order_id: b.order.clientOrderId }))) }, lookFirst);
  } finally {
    process.off('SIGINT', onSignal);
    printer.finish();
    journal.close();
  }
  const count = (r: Outcome['result']) => outcomes.filter((o) => o.result === r).length;
  const [placed, failed, unknown] = [count('placed'), count('failed'), count('unknown')];
  const notSent = orders.length - outcomes.length;
  ctx.note(`bm: ${placed} placed, ${failed} rejected, ${unknown} unknown${notSent ? `, ${notSent} not sent` : ''} of ${orders.length} (journal ${journalPath})`);
  const resume = `bm order batch ${symbol} --resume ${journalPath}`;
  if (stopping) throw new BmError('interrupted', `interrupted: ${notSent} of ${orders.length} orders not sent`, { hint: `send the rest with: ${resume}` });
  if (unknown) throw new BmError('unknown', `${unknown} of ${orders.length} orders have an unknown outcome`, { hint: `check with: bm order list ${symbol} --status open; or settle and finish them with: ${resume}` });
  if (failed === outcomes.length) throw new BmError('venue', `all ${failed} orders were rejected`);
  if (failed) throw new BmError('partial', `${failed} of ${orders.length} orders were rejected; the others were placed`);
}

/** Orders of a resumed batch that were sent with no outcome proven: looked up before anything is sent. */
function unsettled(resumed: JournalState | undefined, todo: readonly BatchOrder[]): Set<number> {
  const s = new Set<number>();
  for (const o of todo) if (resumed?.last.has(o.index)) s.add(o.index);
  return s;
}
