/**
 * `bm watch`: one connection, its topics, and where the pushes go: a full-screen view on a terminal,
 * one JSON object per line otherwise, or one snapshot with --once. Errors reach main as BmErrors.
 */
import type { Context } from '../../context.js';
import { systemClock } from '../../util/clock.js';
import { BmError } from '../../errors.js';
import type { Row } from '../../render/cells.js';
import { ndjsonText, render, type Format } from '../../render/output.js';
import { resolveFields } from '../../render/columns.js';
import type { Entry } from '../../ws/codec.js';
import { wsNetworkError } from '../../ws/errors.js';
import { stamp } from '../versions.js';
import type { WatchMsg } from './msg.js';
import { Outlet } from './outlet.js';
import { planOf, type WatchRequest } from './plan.js';
import { watchState } from './state.js';
import { update } from './update.js';

/** ms an event channel (trades, kline, orders) may stay empty after its ack before --once prints what it has. */
const EVENT_GRACE_MS = 1000;

export async function runWatch(ctx: Context, req: WatchRequest): Promise<void> {
  const plan = planOf(req);
  const fields = ctx.fields;
  const format = ctx.format;
  const show = (fmt: Format, data: unknown, rows: readonly Row[]) => render(ctx.io, data, rows, { format: fmt, rawIds: ctx.rawIds, ...(fields ? { fields } : {}) });
  const venue = ctx.venue.wsUrl ? ctx.venue : await ctx.resolvedVenue();
  const { MarketState, openStream, openOrderStream, orderReads, streamAddress } = await import('../../core/usecases/live.js');
  let creds = plan.private ? await ctx.credentials() : undefined;
  if (plan.private && !creds) throw new BmError('auth', 'watch orders needs credentials', { hint: 'add them with: bm profile add NAME (or set BM_API_KEY, BM_API_SECRET, BM_API_MEMO)' });
  const url = streamAddress(venue.wsUrl, plan.private ? 'private' : 'public');
  const live = !req.once && ctx.io.isTTY && format === 'table';
  // The full screen shows the columns named, as every other table does (an unknown name: exit 2 before connecting).
  if (live && fields?.length && plan.view.only && plan.view.names) plan.view.only(resolveFields(fields, plan.view.names()));
  // A table (the full screen, or --once's on a terminal) draws from the state; piped lines go out as pushed.
  const drawn = live || (Boolean(req.once) && ctx.io.isTTY && format === 'table');
  // What is shown: changed by the update alone, one message at a time; the screen draws it when a version moved.
  const state = watchState(new MarketState());
  let screen: { invalidate(): void; stop(): void } | undefined;
  const dispatch = (m: WatchMsg) => {
    const was = stamp(state.versions);
    update(state, m);
    if (screen && m.kind !== 'counters' && stamp(state.versions) !== was) screen.invalidate();
  };
  const history = plan.history && drawn ? plan.history : undefined;
  const seed = history ? async () => (await import('./history.js')).seedCandles(ctx, dispatch, history) : undefined;
  await seed?.();

  let finish!: (code: number) => void;
  let fail!: (err: BmError) => void;
  const finished = new Promise<number>((ok, ko) => ((finish = ok), (fail = ko)));
  // --duration, --once's deadline and its grace for events: on the run's clock.
  const clock = ctx.clock ?? systemClock;
  const timers: Array<() => void> = [];
  const waiting = new Set(plan.topics);
  const snapshot: Row[] = [];
  const seen = (topic: string) => waiting.delete(topic) && waiting.size === 0 && req.once && finish(0);

  // Piped: the reader's pace is respected and memory stays bounded (outlet.ts).
  const outlet = !req.once && !live ? new Outlet(ctx.io.stdout, (line) => ctx.note(line)) : undefined;
  const spec = {
    venue: { url: venue.wsUrl, service: venue.service },
    credentials: () => creds,
    ...(ctx.verbose ? { trace: (line: string) => ctx.trace(line) } : {}),
    onError: (e: BmError) => fail(e),
    // On a terminal view the status line shows it; elsewhere stderr says it.
    onNotice: (line: string) => (screen ? screen.invalidate() : ctx.note(`bm: ${line}`)),
    // A reset sandbox forgot the paper key: re-create it as the REST commands do, and log in again.
    onKeyUnknown: async () => {
      if (!(await ctx.session.renewStaleKey())) return false;
      creds = await ctx.credentials();
      return Boolean(creds);
    },
    onAck: (topic: string) => {
      if (req.once && plan.eventChannel) timers.push(clock.timer(EVENT_GRACE_MS, () => seen(topic)));
    },
  };
  const onPush = (topic: string, table: string, entry: Entry) => {
    if (drawn) dispatch(plan.orders ? { kind: 'order', entry } : { kind: 'push', table, entry });
    if (req.once) {
      if (waiting.has(topic) || plan.eventChannel) snapshot.push({ table, ...entry });
      seen(topic);
    } else if (!screen) outlet?.write(ndjsonText([{ table, ...entry }], fields?.length ? fields : undefined, ctx.rawIds), plan.snapshotKey(topic, entry));
  };
  // Your orders: back after a drop, they are read over REST and what changed meanwhile is shown as pushed.
  const conn = plan.orders
    ? (await openOrderStream({
      ...spec,
      symbol: plan.orders,
      reads: orderReads(ctx, plan.orders),
      onOrder: onPush,
      onRecoveryFailed: (err) => ctx.note(`bm: your orders were not read again after the reconnect (${err.message}): they may show what they were`),
    })).conn
    // Candles that closed while the connection was down are read again, as at the start.
    : await openStream({ ...spec, side: plan.private ? 'private' : 'public', onPush, ...(seed ? { onGap: () => void seed() } : {}) });

  const onSignal = () => finish(130);
  // A reader that goes away (`| head`) ends the stream, quietly.
  const out = ctx.io.stdout as Partial<NodeJS.WriteStream>;
  const onOutError = (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? finish(0) : fail(new BmError('internal', `cannot write: ${e.message}`)));
  out.on?.('error', onOutError);
  ctx.signals.once('SIGINT', onSignal);
  ctx.signals.once('SIGTERM', onSignal);
  // A duration that ran out without ever reaching the venue streamed nothing: that is a failure, not a success.
  const noVenue = () => wsNetworkError(`no connection to ${url} within --duration`, 'check --ws-url, or that the venue is up (bm service)');
  if (plan.durationMs !== undefined) timers.push(clock.timer(plan.durationMs, () => (conn.connected ? finish(0) : fail(noVenue()))));
  if (req.once) timers.push(clock.timer(ctx.timeoutMs, () => fail(wsNetworkError(`no data from ${url} within ${ctx.timeoutMs} ms`, 'raise --timeout, or check the venue with: bm service'))));
  try {
    conn.subscribe(plan.topics);
    const sync = () => dispatch({ kind: 'counters', state: conn.state, lastMessageAt: conn.lastMessageAt, reconnects: conn.reconnects, messages: conn.messages, notice: conn.notice });
    if (live) screen = (await import('./screen.js')).showLive(ctx.io, plan.view, state, sync, url, finish);
    conn.start();
    const code = await finished;
    if (code === 130) throw new BmError('interrupted', 'interrupted');
  } finally {
    screen?.stop();
    outlet?.finish();
    for (const cancel of timers) cancel();
    ctx.signals.off('SIGINT', onSignal);
    ctx.signals.off('SIGTERM', onSignal);
    out.off?.('error', onOutError);
    await conn.close();
  }
  if (req.once) {
    if (ctx.io.isTTY && format === 'table') show('table', snapshot, plan.view.rows(state));
    else show(format === 'json' ? 'json' : 'ndjson', snapshot, snapshot);
  }
}
