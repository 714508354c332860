/**
 * `bm order batch SYMBOL --file <path|->`: reads JSON or NDJSON orders, checks them all before sending
 * any, sends 10 per request, several requests at once within the rate limit, prints each order's
 * outcome as soon as it is known and keeps a journal, so that Ctrl-C or a crash loses no record and
 * `--resume <journal>` completes the file without sending any order twice.
 */
import { resolve } from 'node:path';
import type { Context } from '../../context.js';
import { usage } from '../../errors.js';
import { confirmWrite } from '../confirm.js';
import { send, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/params.js';
import { currentChannel } from '../write/current.js';
import { batchEnd } from './batch-end.js';
import { checkAll, checkPrices, parseOrders } from '../../core/order/batch-input.js';
import { readSource, sourceName } from './batch-file.js';
import { defaultJournalPath, digestOf, Journal, JOURNAL_VERSION, type Outcome } from '../../core/order/batch-journal.js';
import { lockJournal } from '../../core/order/batch-journal-lock.js';
import { readJournal, settled, unproven, type JournalState } from '../../core/order/batch-journal-read.js';
import { BatchPrinter } from './batch-output.js';
import { sendBatch, type BatchHost, type BatchOrder, type SendEnd } from '../../core/order/batch-send.js';
import { parseMaxDeviation } from '../../core/order/market-context.js';

export { BATCH, IN_FLIGHT } from '../../core/order/batch-send.js';

/** A batch sent for a command: through its client, dry runs printed, notes on stderr. */
function batchHost(ctx: Context): BatchHost {
  return { send: (ep, params) => send(ctx, ep, params), channel: currentChannel(ctx), note: (line) => ctx.note(line), dryRun: Boolean(ctx.globals.dryRun) };
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, values, opts } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const journalPath = typeof opts.resume === 'string' ? opts.resume : typeof opts.journal === 'string' ? opts.journal : defaultJournalPath(ctx.env, symbol, new Date());
  // Held from before the journal is read until its last line: another run of it is refused at once.
  const release = ctx.globals.dryRun ? () => {} : lockJournal(journalPath);
  try {
    await runHolding(inv, symbol, journalPath);
  } finally {
    release();
  }
}

async function runHolding(inv: Invocation, symbol: string, journalPath: string): Promise<void> {
  const { ctx, opts } = inv;
  const maxPct = parseMaxDeviation(opts.maxDeviation);
  const resumed: JournalState | undefined = typeof opts.resume === 'string' ? readJournal(opts.resume) : undefined;
  const file = typeof opts.file === 'string' ? opts.file : resumed?.header.file;
  if (file === undefined) throw usage('--file is required: a JSON or NDJSON file of orders, or - for stdin');
  if (resumed && resumed.header.symbol !== symbol) throw usage(`--resume: the journal is of a batch on ${resumed.header.symbol}, not ${symbol}`);
  const name = sourceName(file);
  const { orders: raw, labels } = parseOrders(await readSource(file), name);
  const checked = await checkAll(ctx, symbol, raw, { labels, name, ...(resumed ? { ids: resumed.header.ids } : {}) });
  const digest = digestOf(checked.map((o) => o.params));
  if (resumed && (resumed.header.digest !== digest || resumed.header.ids.length !== checked.length || checked.some((o, i) => o.clientOrderId !== resumed.header.ids[i]))) {
    throw usage(`--resume: ${file} is not the file of this journal (its orders differ); give the batch's own file with --file`);
  }
  const orders: BatchOrder[] = checked.map((o, i) => ({ index: i + 1, order: o }));
  const todo = resumed ? orders.filter((o) => !settled(resumed, o.index)) : orders;
  await checkPrices(ctx, todo.map((o) => ({ order: o.order, label: labels[o.index - 1]! })), maxPct, name);
  const lookFirst = new Set(resumed ? todo.filter((o) => unproven(resumed, o.index)).map((o) => o.index) : []);
  if (resumed && !resumed.complete) {
    ctx.note(`bm: the journal's last run was cut short${resumed.torn ? ' (its last line is torn)' : ''}: records may be lost, so every order without a proven outcome is looked up before anything is sent`);
  }
  const buys = todo.filter((o) => o.order.side === 'buy').length;
  const what = `${todo.length} orders (${buys} buy, ${todo.length - buys} sell) on ${symbol}`;
  await confirmWrite(ctx, resumed ? `Resume the batch: ${todo.length - lookFirst.size} of ${orders.length} orders to send, ${lookFirst.size} to look up first (${what})?` : `Place ${what}?`, 'order batch');
  if (ctx.globals.dryRun) {
    await sendBatch(batchHost(ctx), inv.ep, todo, { stopped: () => false, report: () => {}, sending: () => {}, unsent: () => {} });
    return;
  }

  const journal = resumed
    ? Journal.reopen(journalPath, resumed)
    : Journal.create(journalPath, { batch: JOURNAL_VERSION, symbol, file: file === '-' ? '-' : resolve(file), digest, ids: checked.map((o) => o.clientOrderId), started: new Date().toISOString() });
  const resume = `bm order batch ${symbol} --resume ${journalPath}${file === '-' ? ' --file <the same orders>' : ''}`;
  ctx.note(`bm: journal ${journalPath} (after an interruption: ${resume})`);
  const printer = new BatchPrinter(ctx, 1, orders.length);
  const outcomes: Outcome[] = [];
  const record = (o: Outcome, write = true) => {
    outcomes.push(o);
    if (write) journal.outcome(o);
    printer.add(o);
  };
  const earlier = resumed ? orders.filter((o) => settled(resumed, o.index)).map((o) => resumed.last.get(o.index) as Outcome) : [];
  for (const o of earlier) record(o, false);

  let stopping = false;
  const onSignal = () => {
    if (!stopping) ctx.note('bm: interrupted: no more requests are sent; waiting for those in flight');
    stopping = true;
  };
  process.on('SIGINT', onSignal);
  let end: SendEnd = {};
  try {
    end = await sendBatch(batchHost(ctx), inv.ep, todo, {
      stopped: () => stopping,
      report: (o) => record(o),
      sending: (batch) => journal.sending(batch.map((b) => ({ index: b.index, client_order_id: b.order.clientOrderId }))),
      unsent: (batch, err) => journal.unsent(batch.map((b) => ({ index: b.index, client_order_id: b.order.clientOrderId })), err.details.code ?? String(err.details.httpStatus ?? ''), err.message),
    }, { lookFirst, settled: earlier });
  } finally {
    process.off('SIGINT', onSignal);
    printer.finish();
    journal.close();
  }
  batchEnd(ctx, { outcomes, total: orders.length, journal: journalPath, resume, symbol, interrupted: stopping, ...(end.stoppedBy ? { stoppedBy: end.stoppedBy } : {}) });
}
