/**
 * `bm order batch SYMBOL --file <path|->`: reads JSON or NDJSON orders, checks them all before sending
 * any, sends 10 per request, several requests at once within the rate limit, prints each order's
 * outcome as soon as it is known and keeps a journal, so that Ctrl-C or a crash loses no record and
 * `--resume <journal>` completes the file without sending any order twice.
 */
import { resolve } from 'node:path';
import type { Context } from '../../context.js';
import { usage } from '../../errors.js';
import { send, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { parseMaxDeviation } from '../../core/usecases/order-parse.js';
import { defaultJournalPath, lockJournal, parseOrders, readJournal, runOrderBatch, type BatchPort, type JournalState, type Outcome, type SendEnd } from '../../core/usecases/batch.js';
import { currentChannel } from '../write-current.js';
import { batchEnd } from './batch-end.js';
import { readSource, sourceName } from './batch-file.js';
import { BatchPrinter } from './batch-output.js';

export { BATCH, IN_FLIGHT } from '../../core/usecases/batch.js';

/** A batch sent for a command: through its client, dry runs printed, notes on stderr, confirmed with its prompt. */
function batchPort(ctx: Context): BatchPort {
  const via = { send: (ep: Parameters<typeof send>[1], params: Parameters<typeof send>[2]) => send(ctx, ep, params), channel: currentChannel(ctx), note: (line: string) => ctx.note(line), dryRun: ctx.dryRun, ...(ctx.clock ? { clock: ctx.clock } : {}) };
  return { env: ctx.env, baseUrl: () => ctx.baseUrl(), calls: () => ctx.calls(), host: ctx, via };
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
  const resume = `bm order batch ${symbol} --resume ${journalPath}${file === '-' ? ' --file <the same orders>' : ''}`;
  let printer: BatchPrinter | undefined;
  const outcomes: Outcome[] = [];
  let stopping = false;
  const onSignal = () => {
    if (!stopping) ctx.note('bm: interrupted: no more requests are sent; waiting for those in flight');
    stopping = true;
  };
  let end: SendEnd = {};
  let total = 0;
  try {
    const run = await runOrderBatch(batchPort(ctx), inv.ep, {
      symbol, orders: raw, labels, name, file, command: 'order batch', ...(resumed ? { resumed } : {}), ...(maxPct !== undefined ? { maxDeviation: maxPct } : {}),
      ask: ({ todo, lookFirst, orders }) => {
        const buys = todo.filter((o) => o.order.side === 'buy').length;
        const what = `${todo.length} orders (${buys} buy, ${todo.length - buys} sell) on ${symbol}`;
        return resumed ? `Resume the batch: ${todo.length - lookFirst.size} of ${orders.length} orders to send, ${lookFirst.size} to look up first (${what})?` : `Place ${what}?`;
      },
      journal: { path: journalPath, ordersFile: () => (file === '-' ? '-' : resolve(file)) },
      journaled: (path, plan) => {
        ctx.note(`bm: journal ${path} (after an interruption: ${resume})`);
        printer = new BatchPrinter(ctx, 1, plan.orders.length);
        ctx.signals.on('SIGINT', onSignal);
      },
    }, {
      stopped: () => stopping,
      report: (o) => {
        outcomes.push(o);
        printer?.add(o);
      },
    });
    end = run.end;
    total = run.plan.orders.length;
  } finally {
    ctx.signals.off('SIGINT', onSignal);
    printer?.finish();
  }
  if (ctx.dryRun) return;
  batchEnd(ctx, { outcomes, total, journal: journalPath, resume, symbol, interrupted: stopping, ...(end.stoppedBy ? { stoppedBy: end.stoppedBy } : {}) });
}
