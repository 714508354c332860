/**
 * A batch run with its journal, shared by `bm order batch` and the library's `order.batch`: the
 * orders checked against a journal being resumed (the same orders, the same client order ids), what
 * remains to send and what must be looked up first, and the run itself with every step journaled
 * (`sending` before a request leaves, each outcome as it is known, `end` when the run stops).
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { usage } from '../../errors.js';
import type { CheckedOrder } from './check.js';
import { digestOf, Journal, JOURNAL_VERSION, type Outcome } from './batch-journal.js';
import { settled, unproven, type JournalState } from './batch-journal-read.js';
import { sendBatch, type BatchHost, type BatchOrder, type SendEnd } from './batch-send.js';

/** What a run sends. */
export interface BatchPlan {
  /** Every order of the batch, numbered from 1. */
  readonly orders: readonly BatchOrder[];
  /** The orders to send (all of them, or those a resumed journal does not settle). */
  readonly todo: readonly BatchOrder[];
  /** Orders sent before with no proven outcome: looked up before anything is sent again. */
  readonly lookFirst: ReadonlySet<number>;
  /** The outcomes the resumed journal proves. */
  readonly earlier: readonly Outcome[];
  /** The digest of the orders (client order ids aside), as the journal's header holds it. */
  readonly digest: string;
}

/**
 * The plan of a run; with `resumed`, the orders must be the journal's own (`file` names them in the
 * refusal), else nothing is sent.
 */
export function planBatch(checked: readonly CheckedOrder[], resumed: JournalState | undefined, file: string): BatchPlan {
  const digest = digestOf(checked.map((o) => o.params));
  if (resumed && (resumed.header.digest !== digest || resumed.header.ids.length !== checked.length || checked.some((o, i) => o.clientOrderId !== resumed.header.ids[i]))) {
    throw usage(`--resume: ${file} is not the file of this journal (its orders differ); give the batch's own file with --file`);
  }
  const orders = checked.map((order, i) => ({ index: i + 1, order }));
  if (!resumed) return { orders, todo: orders, lookFirst: new Set(), earlier: [], digest };
  const todo = orders.filter((o) => !settled(resumed, o.index));
  return {
    orders, todo, digest,
    lookFirst: new Set(todo.filter((o) => unproven(resumed, o.index)).map((o) => o.index)),
    earlier: orders.filter((o) => settled(resumed, o.index)).map((o) => resumed.last.get(o.index) as Outcome),
  };
}

/** What to say when a resumed journal's last run was cut short; undefined when it ended in order. */
export function cutShortNote(resumed: JournalState | undefined): string | undefined {
  if (!resumed || resumed.complete) return undefined;
  return `bm: the journal's last run was cut short${resumed.torn ? ' (its last line is torn)' : ''}: records may be lost, so every order without a proven outcome is looked up before anything is sent`;
}

/** The run's journal: the resumed one reopened, or a new one whose header is on disk before anything is sent. */
export function openJournal(path: string, resumed: JournalState | undefined, plan: BatchPlan, symbol: string, file: string): Journal {
  if (resumed) return Journal.reopen(path, resumed);
  return Journal.create(path, { batch: JOURNAL_VERSION, symbol, file, digest: plan.digest, ids: plan.orders.map((o) => o.order.clientOrderId), started: new Date().toISOString() });
}

/** Where a run's outcomes go, and whether it must stop sending (Ctrl-C). */
export interface RunSink {
  stopped(): boolean;
  /** Every outcome: the resumed journal's first (not written again), then each as it is known. */
  report(o: Outcome): void;
  /** Orders the venue refused whole for its rate (not placed). */
  unsent?(orders: readonly BatchOrder[], code: string, message: string): void;
}

/** Sends the plan's orders, every step written to `journal` (when there is one), which is closed when the run ends. */
export async function runBatch(via: BatchHost, ep: Endpoint, plan: BatchPlan, journal: Journal | undefined, sink: RunSink): Promise<SendEnd> {
  for (const o of plan.earlier) sink.report(o);
  const ref = (list: readonly BatchOrder[]) => list.map((b) => ({ index: b.index, client_order_id: b.order.clientOrderId }));
  try {
    return await sendBatch(via, ep, plan.todo, {
      stopped: () => sink.stopped(),
      report: (o) => {
        journal?.outcome(o);
        sink.report(o);
      },
      sending: (list) => journal?.sending(ref(list)),
      unsent: (list, err) => {
        const code = err.details.code ?? String(err.details.httpStatus ?? '');
        journal?.unsent(ref(list), code, err.message);
        sink.unsent?.(list, code, err.message);
      },
    }, { lookFirst: plan.lookFirst, settled: plan.earlier });
  } finally {
    journal?.close();
  }
}
