/**
 * `order place --wait filled|done`: follows the placed order on the private order-progress stream
 * (logged in as `bm watch orders` is), reading the order once after every (re)subscription so that
 * nothing that happened before is missed, and polling `order get` when no stream is available.
 * Ends with the order's row: reached, ended in another final state, or the wait ran out.
 */
import { usage } from '../../errors.js';
import type { Row } from '../../render/cells.js';
import { scalarText } from '../../util/json.js';
import { FILLED_STATUS, FINAL_STATUSES } from './status.js';

export type WaitFor = 'filled' | 'done';

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
  if (until !== 'filled' && until !== 'done') throw usage(`--wait: must be one of filled, done (got '${String(until)}')`);
  const t = timeout === undefined ? String(DEFAULT_WAIT_S) : String(timeout);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(t) || Number(t) <= 0) throw usage(`--wait-timeout: seconds, greater than 0 (got '${t}')`);
  return { until, timeoutMs: Math.round(Number(t) * 1000) };
}

/** A stream of the order's progress: each pushed status of our order, a signal after each subscription, loss of the stream. */
export interface Follow {
  onStatus(status: string): void;
  onReady(): void;
  onLost(err: Error): void;
}

export interface WaitDeps {
  /** The order's current row (`order get`). */
  read(): Promise<Row>;
  /** Opens the stream, or rejects when there is none; resolves with its closer. */
  follow?(f: Follow): Promise<() => Promise<void>>;
  note(line: string): void;
  now?: () => number;
}

export interface WaitResult {
  readonly row: Row;
  /** reached: the state waited for; ended: another final state; timeout: the wait ran out. */
  readonly end: 'reached' | 'ended' | 'timeout';
  readonly via: 'stream' | 'polling';
}

/** Waits for the order; never cancels or changes it. */
export async function waitForOrder(spec: WaitSpec, deps: WaitDeps): Promise<WaitResult> {
  const now = deps.now ?? Date.now;
  const deadline = now() + spec.timeoutMs;
  let wake: (() => void) | undefined;
  const signal = () => wake?.();
  let streaming = false;
  let close: (() => Promise<void>) | undefined;
  if (deps.follow) {
    try {
      close = await deps.follow({
        onStatus: (s) => (FINAL_STATUSES.has(s) ? signal() : undefined),
        onReady: signal,
        onLost: (err) => {
          if (streaming) deps.note(`bm: the order stream is lost (${err.message}): polling the order instead`);
          streaming = false;
          signal();
        },
      });
      streaming = true;
    } catch (err) {
      deps.note(`bm: no order stream (${(err as Error).message}): polling the order instead`);
    }
  }
  try {
    for (;;) {
      const row = await deps.read();
      const status = scalarText(row.status);
      const via = streaming ? 'stream' : 'polling';
      if (spec.until === 'filled' ? status === FILLED_STATUS : FINAL_STATUSES.has(status)) return { row, end: 'reached', via };
      if (FINAL_STATUSES.has(status)) return { row, end: 'ended', via };
      const left = deadline - now();
      if (left <= 0) return { row, end: 'timeout', via };
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, streaming ? STREAM_CHECK_MS : POLL_MS));
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    await close?.();
  }
}
