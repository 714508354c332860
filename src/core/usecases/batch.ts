/**
 * A batch of orders, run or resumed, one use case for `bm order batch` and `client.order.batch`: every
 * order checked against its pair's rules (and the deviation guard) before any is sent, the whole batch
 * confirmed once, sent 10 a request, several requests at once within the rate limit, each order's
 * outcome proven (an order whose request proved nothing looked up by its client order id, never sent
 * again) and kept in a journal, so that a resume completes a batch cut short without sending any order
 * twice. The faces read the orders (a file, a list), print or gather the outcomes.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { checkAll, checkPrices } from '../order/batch-input.js';
import type { JournalState } from '../order/batch-journal-read.js';
import { cutShortNote, openJournal, planBatch, runBatch, type BatchPlan, type RunSink } from '../order/batch-run.js';
import { sendBatch, type BatchHost, type SendEnd } from '../order/batch-send.js';
import type { PairSource } from '../order/pairs.js';
import type { WriteHost } from '../write/host.js';
import { checkedBy, type OrderPort } from './order-port.js';

export { parseOrders } from '../order/batch-input.js';
export { defaultJournalPath, type Outcome } from '../order/batch-journal.js';
export { lockJournal } from '../order/batch-journal-lock.js';
export { readJournal, type JournalState } from '../order/batch-journal-read.js';
export type { BatchPlan, RunSink } from '../order/batch-run.js';
export { BATCH, IN_FLIGHT, type BatchHost, type BatchOrder, type SendEnd } from '../order/batch-send.js';

/** What a face gives a batch: where pairs and quotes are read, its confirmation and notes, how a batch request is sent. */
export interface BatchPort extends PairSource, Pick<OrderPort, 'checked'> {
  readonly host: WriteHost;
  /** Sends one batch request and the lookups' reads (a dry run shows the request instead). */
  readonly via: BatchHost;
}

export interface BatchRequest {
  /** The command's pair; '' when each order names its own (the library). */
  readonly symbol: string;
  /** The orders as read, each field as text. */
  readonly orders: ReadonlyArray<Record<string, unknown>>;
  /** How each order is named in a refusal (`line 3`); default `order N`. */
  readonly labels?: readonly string[];
  /** The orders' source, for messages (`orders.json`, `order.batch`). */
  readonly name: string;
  /** The journal resumed: its orders must be these. */
  readonly resumed?: JournalState;
  /** The orders' file as a refusal names it. */
  readonly file: string;
  /** The deviation guard: at most this many percent from the last price (absent: none). */
  readonly maxDeviation?: string;
  readonly command: string;
  /** The question to ask once the plan is known; absent: a call that is its own confirmation. */
  readonly ask?: (plan: BatchPlan) => string;
  /** The journal to keep (never on a dry run): its path, and the file of orders it records, once planned. */
  readonly journal?: { readonly path: string; readonly ordersFile: (plan: BatchPlan) => string };
  /** Told once the journal is open, before anything is sent. */
  readonly journaled?: (path: string, plan: BatchPlan) => void;
}

/** What a batch did: its plan, and why it stopped before its end (the venue's rate), if it did. */
export interface BatchRun {
  readonly plan: BatchPlan;
  readonly end: SendEnd;
}

/**
 * Checks, plans, confirms and sends a batch (or resumes one), each outcome to `sink` as it is known
 * (a resumed journal's first). A dry run shows the requests of every order still to send, looks nothing up
 * and keeps no journal.
 */
export async function runOrderBatch(port: BatchPort, ep: Endpoint, req: BatchRequest, sink: RunSink): Promise<BatchRun> {
  const { resumed, name } = req;
  const checked = await checkedBy(port, () => checkAll(port, req.symbol, req.orders, { name, ...(req.labels ? { labels: req.labels } : {}), ...(resumed ? { ids: resumed.header.ids } : {}) }));
  const plan = planBatch(checked, resumed, req.file);
  const label = (i: number) => req.labels?.[i - 1] ?? `order ${i}`;
  await checkedBy(port, () => checkPrices(port, plan.todo.map((o) => ({ order: o.order, label: label(o.index) })), req.maxDeviation, name));
  const cut = cutShortNote(resumed);
  if (cut) port.host.note(cut);
  if (req.ask) await port.host.confirm(req.ask(plan), req.command);
  if (port.host.dryRun) {
    return { plan, end: await sendBatch(port.via, ep, plan.todo, { stopped: () => false, report: () => {}, sending: () => {}, unsent: () => {} }) };
  }
  const j = req.journal;
  // The journal names the batch's pair: the command's, else the one its orders share ('' when they are of several).
  const pairs = [...new Set(checked.map((o) => o.symbol))];
  const symbol = req.symbol || (pairs.length === 1 ? pairs[0]! : '');
  const journal = j && checkedBy(port, () => openJournal(j.path, resumed, plan, symbol, resumed ? resumed.header.file : j.ordersFile(plan)));
  if (j) req.journaled?.(j.path, plan);
  return { plan, end: await runBatch(port.via, ep, plan, journal, sink) };
}
