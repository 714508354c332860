/**
 * `bm record`: subscribes the public streams of the venue in use (its WebSocket address, or
 * --ws-url) and writes every push as received to a recording (src/sandbox/replay/format.ts), until
 * --duration runs out or the user stops it (Ctrl-C or SIGTERM end it like --duration: the file is
 * complete and the exit is 0). A progress line on stderr: events, bytes, elapsed.
 */
import type { Context } from '../../context.js';
import { systemClock } from '../../util/clock.js';
import { BmError, usage } from '../../errors.js';
import { eventLine, headerLine } from '../../sandbox/replay/format.js';
import { wsNetworkError } from '../../ws/errors.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { durationOf } from '../duration.js';
import { DEFAULT_CHANNELS, topicsOf } from '../record-channels.js';
import { RecordingSink } from './sink.js';

export interface RecordOptions {
  readonly channels?: string;
  /** Seconds, as typed. */
  readonly duration?: string;
  readonly out?: string;
}

/** ms between two progress lines: rewritten in place on a terminal, one per line otherwise. */
const PROGRESS_TTY_MS = 1000;
const PROGRESS_LOG_MS = 10_000;

function elapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  const hms = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  return hms.map((n, i) => (i ? String(n).padStart(2, '0') : String(n))).join(':');
}

export async function record(ctx: Context, typed: readonly string[], opts: RecordOptions): Promise<void> {
  const symbols = [...new Set(typed.map((s) => checkSymbol(s)))];
  if (!symbols.length) throw usage('SYMBOL: give at least one pair, e.g. BTC_USDT');
  const topics = topicsOf(symbols, opts.channels ?? DEFAULT_CHANNELS);
  const durationMs = durationOf(opts.duration);
  if (!opts.out) throw usage('--out: the file to write is required, e.g. --out day.ndjson.gz (.gz compresses)');
  const [{ MAX_TOPICS }, { openStream, streamAddress }] = await Promise.all([import('../../ws/connection.js'), import('../../core/usecases/live.js')]);
  if (topics.length > MAX_TOPICS) throw usage(`at most ${MAX_TOPICS} topics on one connection (pairs x channels is ${topics.length})`);
  // Refused before the venue is resolved (which may start the background sandbox); created after it.
  RecordingSink.refuseExisting(opts.out);
  if (ctx.globals.dryRun) {
    const where = ctx.venue.wsUrl ? streamAddress(ctx.venue.wsUrl, 'public') : 'the built-in sandbox';
    ctx.io.out(`would record ${topics.join(' ')} from ${where} to ${opts.out}${durationMs === undefined ? '' : ` for ${durationMs / 1000} s`}\n`);
    return;
  }
  const venue = ctx.venue.wsUrl ? ctx.venue : await ctx.resolvedVenue();
  const url = streamAddress(venue.wsUrl, 'public');

  let finish!: () => void;
  let fail!: (e: BmError) => void;
  const done = new Promise<void>((ok, ko) => ((finish = ok), (fail = ko)));
  // Ctrl-C and SIGTERM end it like --duration from the moment the file exists: it is always left complete.
  const stop = () => finish();
  ctx.signals.once('SIGINT', stop);
  ctx.signals.once('SIGTERM', stop);
  const sink = new RecordingSink(opts.out);
  const started = Date.now();
  sink.header(headerLine(url, topics, started));
  const err = ctx.io.stderr;
  const tty = Boolean(err.isTTY);
  const line = () => `${sink.events} events, ${sink.bytes} bytes, ${elapsed(Date.now() - started)}`;
  const progress = () => {
    if (tty) err.write(`\r\x1b[Krecording ${line()}`);
    else err.write(`recording ${line()}\n`);
  };

  let last = started;
  const conn = await openStream({
    venue: { url: venue.wsUrl, service: venue.service },
    side: 'public',
    onPushText: (text) => {
      // A replay refuses times that go back: a clock stepped back (NTP) gives the last time again.
      last = Math.max(last, Date.now());
      sink.event(eventLine(last, text));
      if (sink.error) fail(new BmError('internal', `cannot write ${sink.path}: ${sink.error.message}`));
    },
    onError: (e) => fail(e),
    onNotice: (l) => ctx.note(`${tty ? '\n' : ''}bm: ${l}`),
    ...(ctx.verbose ? { trace: (l: string) => ctx.trace(l) } : {}),
  });
  const timers: Array<() => void> = [];
  if (durationMs !== undefined) {
    const noVenue = () => wsNetworkError(`no connection to ${url} within --duration`, 'check --ws-url, or that the venue is up (bm service)');
    // On the run's clock: a test ends the recording when it says.
    timers.push((ctx.clock ?? systemClock).timer(durationMs, () => (conn.connected ? finish() : fail(noVenue()))));
  }
  if (!ctx.globals.quiet) {
    const ticker = setInterval(progress, tty ? PROGRESS_TTY_MS : PROGRESS_LOG_MS);
    timers.push(() => clearInterval(ticker));
  }
  try {
    conn.subscribe(topics);
    conn.start();
    await done;
  } finally {
    for (const cancel of timers) cancel();
    ctx.signals.off('SIGINT', stop);
    ctx.signals.off('SIGTERM', stop);
    await conn.close();
    await sink.close();
    if (!ctx.globals.quiet) err.write(`${tty ? '\r\x1b[K' : ''}recorded ${line()} to ${sink.path}\n`);
  }
  if (sink.error) throw new BmError('internal', `cannot write ${sink.path}: ${sink.error.message}`);
}
