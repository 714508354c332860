/**
 * `order place --wait filled|done`: follows the placed order on the private order-progress stream
 * (logged in as `bm watch orders` is), reading the order once after every (re)subscription so that
 * nothing that happened before is missed, and polling `order get` until the stream is up or when there
 * is none. `--wait-timeout` bounds the whole wait: stream, reads and pauses are raced against one deadline.
 * Ends with the order's row: reached, ended in another final state, or the wait ran out.
 */
import { isFinalStatus, statusIs } from '../../api/catalogue/statuses.js';
import { matchWord } from '../../api/catalogue/vocab.js';
import { BmError, usage } from '../../errors.js';
import type { Row } from '../../util/row.js';
import { scalarText } from '../../util/json.js';
import { Deadline, LATE } from './deadline.js';
import { systemClock, type WaitClock } from '../../util/clock.js';

export type WaitFor = 'filled' | 'done';

/** Failures of a read that the next poll may not meet. */
const RETRIED: ReadonlySet<string> = new Set(['network', 'venue', 'ratelimit']);

export interface WaitSpec {
  readonly until: WaitFor;
  readonly timeoutMs: number;
}

/** `--wait-timeout` when not given, s. */
export const DEFAULT_WAIT_S = 60;
/** Between reads when polling, ms; and between safety reads while the stream is up. */
export const POLL_MS = 1000;
export const STREAM_CHECK_MS = 10_000;

/** `--wait` and `--wait-timeout` as typed; undefined when there is no `--wait`. */
export function parseWait(until: unknown, timeout: unknown): WaitSpec | undefined {
  if (until === undefined) {
    if (timeout !== undefined) throw usage('--wait-timeout: only with --wait filled|done');
    return undefined;
  }
  const word = matchWord(['filled', 'done'] as const, String(until));
  if (word === undefined) throw usage(`--wait: must be one of filled, done (got '${String(until)}')`);
  const t = timeout === undefined ? String(DEFAULT_WAIT_S) : String(timeout);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(t) || Number(t) <= 0) throw usage(`--wait-timeout: seconds, greater than 0 (got '${t}')`);
  return { until: word, timeoutMs: Math.round(Number(t) * 1000) };
}

/** A stream of the order's progress: each pushed status of our order, a signal after each subscription, loss of the stream. */
export interface Follow {
  onStatus(status: string): void;
  onReady(): void;
  onLost(err: Error): void;
}

export interface WaitDeps {
  /** The order's current row (`order get`); `leftMs` is what remains of the wait, for the request's own timeout. */
  read(leftMs: number): Promise<Row>;
  /** Opens the stream (given up when `signal` aborts), or rejects when there is none; resolves with its closer once subscribed. */
  follow?(f: Follow, signal: AbortSignal): Promise<() => Promise<void>>;
  note(line: string): void;
  clock?: WaitClock;
}

export interface WaitResult {
  /** The last row read; undefined when no read answered within the wait. */
  readonly row?: Row;
  /** reached: the state waited for; ended: another final state; timeout: the wait ran out. */
  readonly end: 'reached' | 'ended' | 'timeout';
  readonly via: 'stream' | 'polling';
}

/** Waits for the order until `spec.timeoutMs` after the call, by `deps.clock`; never cancels or changes it. */
export async function waitForOrder(spec: WaitSpec, deps: WaitDeps): Promise<WaitResult> {
  const deadline = new Deadline(deps.clock ?? systemClock, spec.timeoutMs);
  const stop = new AbortController();
  let wake = () => {};
  let streaming = false;
  let close: (() => Promise<void>) | undefined;
  // The stream opens beside the reads: until it is subscribed the order is polled, so a stream that never
  // answers costs the wait nothing.
  if (deps.follow) {
    void deps.follow({
      onStatus: (s) => (isFinalStatus(s) ? wake() : undefined),
      onReady: () => {
        streaming = true;
        wake();
      },
      onLost: (err) => {
        if (streaming) deps.note(`bm: the order stream is lost (${err.message}): polling the order instead`);
        streaming = false;
        wake();
      },
    }, stop.signal).then((c) => {
      if (stop.signal.aborted) return void c();
      close = c;
      streaming = true;
    }, (err: Error) => {
      if (!stop.signal.aborted) deps.note(`bm: no order stream (${err.message}): polling the order instead`);
    });
  }
  let row: Row | undefined;
  const via = () => (streaming ? 'stream' : 'polling');
  try {
    for (;;) {
      const got = await deadline.race(deps.read(deadline.left()).catch((err: unknown) => {
        // A read is safe to repeat: a failed one (no answer, not found yet, another order) is one poll lost,
        // not the end of the wait; credentials or configuration that fail end it.
        if (!(err instanceof BmError && RETRIED.has(err.category))) throw err;
        if (!stop.signal.aborted) deps.note(`bm: reading the order failed (${err.message}): trying again`);
        return undefined;
      }));
      if (got === LATE) break;
      if (got) {
        row = got;
        const status = scalarText(row.status);
        if (spec.until === 'filled' ? statusIs(status, 'filled') : isFinalStatus(status)) return { row, end: 'reached', via: via() };
        if (isFinalStatus(status)) return { row, end: 'ended', via: via() };
      }
      await deadline.nap(streaming ? STREAM_CHECK_MS : POLL_MS, (w) => (wake = w));
      wake = () => {};
      // A read begun at the deadline could only lose the race: the last row read is the answer.
      if (deadline.left() <= 0) break;
    }
  } finally {
    stop.abort();
    void close?.();
  }
  return { ...(row ? { row } : {}), end: 'timeout', via: via() };
}
