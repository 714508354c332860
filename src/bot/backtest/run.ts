/**
 * One backtest: the data checked, the in-process venue made, the bot run on the virtual clock until the
 * data ends (its signal then aborts and it returns), and the report made from what the exchange told.
 */
import { BmError, usage } from '../../errors.js';
import { MAKER_FEE, TAKER_FEE } from '../../sandbox/engine/settle.js';
import { Client } from '../../lib/client.js';
import { wiredOptions } from '../../lib/wired.js';
import type { Env } from '../../util/paths.js';
import { botClock } from '../clock.js';
import { botErrorText, runBot, type BotEnd } from '../run-bot.js';
import { tracked } from '../tracked.js';
import type { Bot } from '../types.js';
import { BACKTEST_CAPS, scanRecording } from './data.js';
import { PullFeed } from './feed.js';
import { simulatedEvents } from '../../sandbox/replay/sim-feed.js';
import { GRACE_MS, runLoop } from './loop.js';
import { iso, makeReport, type BacktestReport, type DataReport } from './report.js';
import { currencyPlaces } from '../../core/usecases/account.js';
import { Tracker } from './tracker.js';
import { priceOf } from './value.js';
import { backtestVenue } from './venue.js';

/** Points of the equity curve over a run, about. */
const POINTS = 500;
/** The simulated market's start when no --from is given: a fixed time, so runs agree. */
export const SIMULATED_START = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;

export interface BacktestOptions {
  readonly botFile: string;
  readonly bot: Bot;
  readonly params: Readonly<Record<string, string>>;
  /** A recording's path, or the simulated market. */
  readonly data: { readonly recording: string } | { readonly simulated: { readonly days: number; readonly symbols: readonly string[] } };
  readonly seed: number;
  /** ms, either end open. */
  readonly from?: number;
  readonly to?: number;
  readonly balance: Readonly<Record<string, string>>;
  /** Fee rates as decimal fractions (checked: ratioOf); absent: the sandbox's. */
  readonly fees?: { readonly taker: string; readonly maker: string };
  readonly env: Env;
  /** Keep every fill for `--trades`. */
  readonly keepTrades?: boolean;
  /** Wall clock for the report's `run` section (ms). */
  readonly wall?: () => number;
}

export interface BacktestResult {
  readonly report: BacktestReport;
  readonly trades: Tracker['trades'];
  /** The bot's error when it threw instead of returning. */
  readonly error?: string;
}

const QUOTE = 'USDT';

export async function backtest(o: BacktestOptions): Promise<BacktestResult> {
  const wall = o.wall ?? Date.now;
  const began = wall();
  let span: { start: number; from: number; end: number; events: number };
  let data: Omit<DataReport, 'from' | 'to'>;
  let feed: PullFeed;
  if ('recording' in o.data) {
    const scan = await scanRecording(o.data.recording);
    if (scan.first === undefined) throw new BmError('config', `${o.data.recording}: the recording holds no push: nothing to run`);
    const end = Math.min(scan.last!, o.to ?? Infinity);
    const from = Math.max(scan.first, o.from ?? scan.first);
    if (from > end) throw usage(`--from ${iso(from)} is after the end of the run (${iso(end)}): the recording spans ${iso(scan.first)} to ${iso(scan.last!)}`);
    span = { start: scan.first, from, end, events: scan.events };
    const { synthetic } = scan.header as { synthetic?: unknown };
    data = { source: 'recording', file: o.data.recording, venue: scan.header.venue, topics: scan.header.topics, ...(synthetic ? { synthetic } : {}), events: scan.events };
    feed = PullFeed.ofFile(o.data.recording, BACKTEST_CAPS);
  } else {
    const from = o.from ?? SIMULATED_START;
    const end = Math.min(from + o.data.simulated.days * DAY_MS, o.to ?? Infinity);
    span = { start: from, from, end, events: 0 };
    data = { source: 'simulated', seed: o.seed, symbols: o.data.simulated.symbols, events: 0 };
    feed = new PullFeed(simulatedEvents(o.seed, from, end, o.data.simulated.symbols));
  }
  const log: string[] = [];
  const say = (line: string) => void log.push(line);
  const venue = backtestVenue({ start: span.start, end: span.end, feed, seed: o.seed, balance: o.balance, env: o.env, log: say, ...(o.fees ? { fees: o.fees } : {}) });
  const { clock, exchange, account } = venue;
  const client = tracked(new Client(wiredOptions(venue.wiring) as never), clock);
  const stop = new AbortController();
  const tracker = new Tracker(exchange, account, QUOTE, o.keepTrades ?? false);
  let end: BotEnd | undefined;
  const gridMs = Math.max(1000, Math.ceil((span.end - span.from) / POINTS / 1000) * 1000);
  const loop = await runLoop({
    clock, exchange, feed, from: span.from, end: span.end, gridMs,
    start: () => {
      const ctx = { client, clock: botClock(clock, stop.signal), signal: stop.signal, params: o.params, log: (line: string) => say(`${iso(clock.now())} ${String(line)}`) };
      void runBot(o.bot, ctx).then((e) => (end = e));
    },
    sample: (t) => tracker.sample(t),
    stop: () => stop.abort(new DOMException('the backtest reached the end of its data', 'AbortError')),
    done: () => end !== undefined,
  });
  const endMs = Math.min(clock.now(), span.end);
  if (!loop.returned) say(`the bot had not returned ${GRACE_MS / 1000} s (virtual) after the end of the data: the report is made without it`);
  tracker.sample(endMs);
  tracker.close(endMs);
  const report = makeReport({
    tracker, prices: (s) => priceOf(exchange, s), bot: { file: o.botFile, params: o.params },
    data: { ...data, from: iso(span.from), to: iso(endMs), events: span.events || feed.read },
    settings: {
      balance: o.balance, quote: QUOTE,
      places: currencyPlaces(QUOTE, exchange.symbols().map((sym) => exchange.details(sym)!).map((d) => ({ ...d, price_max_precision: String(d.price_max_precision) }))),
      fees: `taker ${o.fees?.taker ?? TAKER_FEE}, maker ${o.fees?.maker ?? MAKER_FEE} of what each side receives${o.fees ? '' : ' (the sandbox\'s)'}`,
      queue: 'resting orders queue behind the recorded depth at their price; only recorded trades fill them',
    },
    startMs: span.from, endMs, log, wallMs: wall() - began,
  });
  const error = end && !end.ok ? botErrorText(end.error) : undefined;
  return { report, trades: tracker.trades, ...(error ? { error } : {}) };
}
