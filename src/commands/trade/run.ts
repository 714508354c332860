/**
 * `bm trade SYMBOL`: checks its options, loads the pair's rules, the venue and the credentials (none:
 * read-only), then runs the full-screen terminal; piped or with --once it prints one screen read
 * over REST and exits.
 */
import type { Context } from '../../context.js';
import { Context as Ctx } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { IO, type Stream } from '../../render/io.js';
import { LiveScreen, type Compose } from '../../render/live.js';
import { allPairs, pairRules } from '../../core/usecases/orders-read.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { parseMaxDeviation } from '../../core/usecases/order-parse.js';
import { TradeFeed } from './feed.js';
import { loadingFrame, loadingSteps, stepDone } from './loading.js';
import { isPaperVenue } from './paper.js';
import { ENDING_SIGNALS, signalError } from './signals.js';
import { frame } from './screen.js';
import type { Msg } from './msg.js';
import { initialState, type TradeState } from './state.js';
import { candleStep } from './step.js';
import { update } from './update.js';
import { WATCH_FROM } from './layout.js';
import { defaultWatchlist } from './watch.js';
import { keepWatchlist, keptWatchlist } from './watchlist-store.js';

export interface TradeRequest {
  readonly symbol: string;
  readonly step?: string;
  readonly maxDeviation?: string;
  readonly bell?: boolean;
  readonly once?: boolean;
  /** The watchlist, comma-separated (kept for the profile); default: the one kept, else the venue's main pairs. */
  readonly pairs?: string;
  /** Mouse reporting (`--no-mouse`: false). */
  readonly mouse?: boolean;
  /** The command each alert armed with A runs when it fires (`--alert-exec`). */
  readonly alertExec?: string;
}

/** `--pairs A,B,C` as pairs (each checked as a symbol); undefined without it. */
function parsePairs(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const pairs = [...new Set(text.split(',').map((p) => p.trim().toUpperCase()).filter(Boolean))];
  if (!pairs.length) throw usage('--pairs: give at least one pair, e.g. --pairs BTC_USDT,ETH_USDT');
  return pairs.map((p) => checkSymbol(p));
}

/** Rows of the printed screen when stdout is not a terminal: 20 levels a side fit. */
const PRINTED_ROWS = 46;

/** Where the chatter of the order path (lookups, notes) goes: stderr, or the log while the screen is up. */
class Chatter implements Stream {
  toLog: ((line: string) => void) | undefined;
  private partial = '';
  constructor(private readonly stderr: () => Stream) {}
  write(chunk: string): boolean {
    if (!this.toLog) return this.stderr().write(chunk);
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const l of lines) if (l.trim()) this.toLog(l.replace(/^bm: /, ''));
    return true;
  }
}

/** What the terminal reads before its first frame; `done(i)` as each step of {@link loadingSteps} ends. */
async function readVenue(ctx: Context, symbol: string, done: (step: number) => void) {
  const venue = await ctx.resolvedVenue();
  const credentials = await ctx.credentials();
  done(0);
  // The rules fill the pairs' cache, so the pairs come from it; the paper check goes alongside.
  const [[rules, pairs], paper] = await Promise.all([
    (async () => {
      const r = await pairRules(ctx, symbol);
      done(1);
      const list = (await allPairs(ctx)).map((p) => p.symbol);
      done(2);
      return [r, list] as const;
    })(),
    isPaperVenue(venue, ctx.env, ctx.timeoutMs).then((p) => (done(3), p)),
  ]);
  return { venue, credentials, rules, pairs, paper };
}

export async function runTrade(outer: Context, req: TradeRequest): Promise<void> {
  if (outer.globals.dryRun) throw usage('--dry-run: bm trade sends an order only after you confirm it on screen; nothing to print', 'see an order\'s request with: bm order place ... --dry-run');
  const symbol = checkSymbol(req.symbol);
  const step = candleStep(req.step ?? '1m');
  const maxDeviation = parseMaxDeviation(req.maxDeviation);
  const askedPairs = parsePairs(req.pairs);
  if (req.alertExec !== undefined && req.alertExec.trim() === '') throw usage('--alert-exec: give a command (got nothing)');
  const chatter = new Chatter(() => outer.io.stderr);
  const io = new IO(outer.io.stdout, chatter, () => outer.io.stdin, outer.env, outer.io.color ? 'always' : 'never');
  const ctx = new Ctx(io, outer.globals, outer.env, outer.writes, outer.ambient);
  const live = !req.once && io.isTTY && Boolean(outer.io.stdin.isTTY);
  // The screen comes up at once with what is being read (a venue may take seconds to answer).
  const loading = loadingSteps(symbol);
  const view: { compose: Compose } = { compose: (size) => loadingFrame(loading, size) };
  const screen = live ? new LiveScreen(io.stdout, (size) => view.compose(size)) : undefined;
  // A signal while loading: the screen restored, then the signal again with nothing left to catch it,
  // so bm ends as the signal says (the shell sees 128 + its number).
  const onSignal = (sig: NodeJS.Signals) => {
    screen?.stop();
    for (const s of ENDING_SIGNALS) process.off(s, onSignal);
    process.kill(process.pid, sig);
  };
  const offSignals = () => {
    for (const s of ENDING_SIGNALS) process.off(s, onSignal);
  };
  const done = (i: number) => (stepDone(loading, i), screen?.invalidate());
  if (screen) {
    screen.start();
    for (const s of ENDING_SIGNALS) process.once(s, onSignal);
    // Notes (the sandbox started...) would write over the screen: they are shown on it instead.
    chatter.toLog = (line) => (loading.notes.push(line), screen.invalidate());
  }
  let read: Awaited<ReturnType<typeof readVenue>>;
  try {
    read = await readVenue(ctx, symbol, done);
  } catch (err) {
    offSignals();
    screen?.stop();
    for (const line of loading.notes) outer.io.stderr.write(`bm: ${line}\n`);
    throw err;
  } finally {
    chatter.toLog = undefined;
  }
  const { venue, credentials, rules, pairs, paper } = read;
  const unknown = askedPairs?.filter((p) => !pairs.includes(p)) ?? [];
  if (unknown.length) {
    offSignals();
    screen?.stop();
    throw usage(`--pairs: the venue lists no pair ${unknown.join(', ')}`, 'see the pairs with: bm symbols');
  }
  const watchPairs = askedPairs ?? keptWatchlist(ctx.env, ctx.profileName)?.filter((p) => pairs.includes(p)) ?? defaultWatchlist(pairs);
  // --pairs is kept for the profile (as + and - keep their changes); a failure to keep it is said in the log.
  const kept = askedPairs ? await keepWatchlist(ctx.env, ctx.profileName, askedPairs).then(() => undefined, (err: Error) => `watchlist not kept: ${err.message}`) : undefined;
  // The live layer holds the watchlist's tickers: loaded only for a screen that shows them.
  const printedW = io.isTTY ? io.columns : Math.max(io.columns, 120);
  const board = live || printedW >= WATCH_FROM ? new (await import('../../core/usecases/live.js')).TickerBoard() : undefined;
  const profile = ctx.env.BM_API_KEY ? 'BM_API_KEY' : ctx.profileName && ctx.profileName !== 'sandbox' && credentials ? ctx.profileName : credentials && venue.preset === 'sandbox' ? 'paper account' : ctx.profileName ?? 'none';
  const state = initialState({
    symbol, rules, pairs, step, maxDeviation, bell: Boolean(req.bell), mouse: req.mouse !== false, alertExec: req.alertExec,
    watch: { pairs: watchPairs, ...(board ? { board } : {}) },
    venue: { name: venue.preset, url: venue.baseUrl.replace(/^https?:\/\//, ''), profile, paper },
    readOnly: credentials ? undefined : 'no credentials: market panes only (add some with bm profile add NAME, or BM_API_KEY, BM_API_SECRET, BM_API_MEMO)',
  });
  for (const line of loading.notes) update(state, { kind: 'log', level: 'info', text: line, at: Date.now() });
  if (kept) update(state, { kind: 'log', level: 'error', text: kept, at: Date.now() });
  const feedOf = (s: TradeState, dispatch: ((m: Msg) => void) | undefined, failed: (e: BmError) => void) =>
    new TradeFeed({ ctx, state: s, wsUrl: venue.wsUrl, service: venue.service, credentials, changed: () => {}, failed, ...(dispatch ? { dispatch } : {}) });
  if (!live) {
    offSignals();
    // Printed once: what the REST reads say, no stream.
    update(state, { kind: 'conn', which: 'public', state: 'snapshot' });
    if (credentials) update(state, { kind: 'conn', which: 'private', state: 'snapshot' });
    const feed = feedOf(state, undefined, () => {});
    const stdout = outer.io.stdout;
    const size = { columns: printedW, rows: io.isTTY ? stdout.rows ?? PRINTED_ROWS : PRINTED_ROWS };
    // The watchlist is read only when the screen printed is wide enough to show it.
    await Promise.all([feed.snapshot(size.columns >= WATCH_FROM), feed.readPnl()]);
    for (const e of state.ui.log) if (e.kind === 'error') io.err(`bm: ${e.text}\n`);
    io.out(`${frame(state, size, Date.now(), io.color).join('\n')}\n`);
    return;
  }
  const { runSession } = await import('./session.js');
  // The loading handlers stay until the session has its own (it sets them before it first waits).
  const saveWatchlist = (list: readonly string[]) => keepWatchlist(ctx.env, ctx.profileName, list);
  const ended = runSession({ ctx, state, feedOf, chatter, rulesOf: (sym) => pairRules(ctx, sym), screen: screen!, view, saveWatchlist });
  offSignals();
  const code = await ended;
  if (code !== 0) throw signalError(code);
}
