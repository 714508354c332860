/**
 * `bm order batch SYMBOL --file <path|->`: reads JSON or NDJSON orders, checks them all before sending
 * any, sends 10 per request, several requests at once within the rate limit, prints each order's
 * outcome as soon as it is known and keeps a journal, so that Ctrl-C or a crash loses no record and
 * `--resume <journal>` completes the file without sending any order twice.
 */
import { resolve } from 'node:path';
import type { Context } from '../../context.js';
import { usage } from '../../errors.js';
import { confirmWrite } from '../../render/confirm.js';
import { send, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/params.js';
import { currentChannel } from '../write-current.js';
import { batchEnd } from './batch-end.js';
import { checkAll, checkPrices, parseOrders } from '../../core/order/batch-input.js';
import { readSource, sourceName } from './batch-file.js';
import { defaultJournalPath, type Outcome } from '../../core/order/batch-journal.js';
import { lockJournal } from '../../core/order/batch-journal-lock.js';
import { readJournal, type JournalState } from '../../core/order/batch-journal-read.js';
import { BatchPrinter } from './batch-output.js';
import { sendBatch, type BatchHost, type SendEnd } from '../../core/order/batch-send.js';
import { cutShortNote, openJournal, planBatch, runBatch } from '../../core/order/batch-run.js';
import { parseMaxDeviation } from '../../core/order/market-context.js';

export { BATCH, IN_FLIGHT } from '../../core/order/batch-send.js';

/** A batch sent for a command: through its client, dry runs printed, notes on stderr. */
function batchHost(ctx: Context): BatchHost {
  return { send: (ep, params) => send(ctx, ep, params), channel: currentChannel(ctx), note: (line) => ctx.note(line), dryRun: Boolean(ctx.globals.dryRun), ...(ctx.clock ? { clock: ctx.clock } : {}) };
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
  const { orders: raw, labels } = parseOrders(await readSource(file, ctx.io.stdin), name);
  const checked = await checkAll(ctx, symbol, raw, { labels, name, ...(resumed ? { ids: resumed.header.ids } : {}) });
  const plan = planBatch(checked, resumed, file);
  const { orders, todo, lookFirst } = plan;
  await checkPrices(ctx, todo.map((o) => ({ order: o.order, label: labels[o.index - 1]! })), maxPct, name);
  const cut = cutShortNote(resumed);
  if (cut) ctx.note(cut);
  const buys = todo.filter((o) => o.order.side === 'buy').length;
  const what = `${todo.length} orders (${buys} buy, ${todo.length - buys} sell) on ${symbol}`;
  await confirmWrite(ctx, resumed ? `Resume the batch: ${todo.length - lookFirst.size} of ${orders.length} orders to send, ${lookFirst.size} to look up first (${what})?` : `Place ${what}?`, 'order batch');
  if (ctx.globals.dryRun) {
    await sendBatch(batchHost(ctx), inv.ep, todo, { stopped: () => false, report: () => {}, sending: () => {}, unsent: () => {} });
    return;
  }

  const journal = openJournal(journalPath, resumed, plan, symbol, file === '-' ? '-' : resolve(file));
  const resume = `bm order batch ${symbol} --resume ${journalPath}${file === '-' ? ' --file <the same orders>' : ''}`;
  ctx.note(`bm: journal ${journalPath} (after an interruption: ${resume})`);
  const printer = new BatchPrinter(ctx, 1, orders.length);
  const outcomes: Outcome[] = [];
  const record = (o: Outcome) => {
    outcomes.push(o);
    printer.add(o);
  };

  let stopping = false;
  const onSignal = () => {
    if (!stopping) ctx.note('bm: interrupted: no more requests are sent; waiting for those in flight');
    stopping = true;
  };
  ctx.signals.on('SIGINT', onSignal);
  let end: SendEnd = {};
  try {
    end = await runBatch(batchHost(ctx), inv.ep, plan, journal, { stopped: () => stopping, report: record });
  } finally {
    ctx.signals.off('SIGINT', onSignal);
    printer.finish();
  }
  batchEnd(ctx, { outcomes, total: orders.length, journal: journalPath, resume, symbol, interrupted: stopping, ...(end.stoppedBy ? { stoppedBy: end.stoppedBy } : {}) });
}
