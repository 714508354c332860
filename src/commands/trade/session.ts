/**
 * The terminal while it runs, the runtime of its update loop (./program.ts): keys (Esc answers after
 * 50 ms, not Node's 500), the mouse's reports (./mouse-input.ts; reporting turned off again however the
 * terminal ends) and the feed's data go in as messages; the effects the update returns are run
 * here (send, cancel, switch pair, resync, quit) or by the feed, their answers sent back as messages;
 * the live screen redraws when a slice's version moved; resizes; the bell on fills.
 * Resolves with the exit code: 0 on `q`, 130 on Ctrl-C, 128 + n on signal n (SIGINT, SIGTERM, SIGHUP);
 * the screen, the cursor and the keyboard's mode are restored either way.
 */
import type { Context } from '../../context.js';
import type { BmError } from '../../errors.js';
import type { PairRules } from '../../core/usecases/orders-read.js';
import type { Compose, LiveScreen } from '../../render/live.js';
import type { TradeFeed } from './feed.js';
import { attachAlgo, cancelAlgo } from './attach-run.js';
import type { Effect, Msg } from './msg.js';
import { amendOrder, cancelAll, cancelOrder, placeOrder, type Outcome } from './orders.js';
import { Program, type Changed } from './program.js';
import { TradeScreen } from './screen.js';
import { ENDING_SIGNALS, SIGNAL_EXIT } from './signals.js';
import type { TradeState } from './state.js';
import { listenInput, MOUSE, type MouseReport } from './mouse-input.js';

/** ms readline waits after Esc for the rest of an escape sequence. */
export const ESCAPE_TIMEOUT_MS = 50;

export interface SessionOptions {
  readonly ctx: Context;
  readonly state: TradeState;
  /** The feed of the state's pair, its messages sent to `dispatch`. */
  readonly feedOf: (s: TradeState, dispatch: (m: Msg) => void, failed: (e: BmError) => void) => TradeFeed;
  readonly chatter: { toLog: ((line: string) => void) | undefined };
  readonly rulesOf: (symbol: string) => Promise<PairRules>;
  /** The screen, already up (showing the loading steps); the session draws on it through `view`. */
  readonly screen: LiveScreen;
  readonly view: { compose: Compose };
  /** Keeps the watchlist for the profile (`+`, `-`); a failure is the log's. */
  readonly saveWatchlist: (pairs: readonly string[]) => Promise<void>;
}

export interface KeyInfo {
  readonly name?: string;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
  readonly sequence?: string;
}

const NAMED = new Set(['up', 'down', 'left', 'right', 'tab', 'escape', 'backspace', 'enter', 'pageup', 'pagedown']);

/** readline's key as the key tables name it. */
export function keyName(str: string | undefined, key: KeyInfo | undefined): string | undefined {
  if (key?.ctrl && key.name === 'c') return 'ctrl-c';
  if (key?.name === 'return') return 'enter';
  // A lone Esc comes as `meta` (readline cannot tell it from the start of an Alt chord).
  if (key?.name === 'escape') return 'escape';
  if (key?.name && NAMED.has(key.name) && !key.ctrl && !key.meta) return key.name;
  if (str && str.length === 1 && str >= ' ' && !key?.ctrl && !key?.meta) return str;
  return undefined;
}

export async function runSession(o: SessionOptions): Promise<number> {
  const { ctx, state: s } = o;
  const io = ctx.io;
  let finish!: (code: number) => void;
  const done = new Promise<number>((r) => (finish = r));
  const now = () => Date.now();
  let feed: TradeFeed;
  const screen = o.screen;
  const tradeScreen = new TradeScreen();
  o.view.compose = (size) => {
    feed.sync();
    return tradeScreen.regions(s, size, now(), io.color);
  };
  const changed: Changed = (what) => {
    // --bell: a fill, or a conditional order that failed (its line is in the log and the orders pane); an alert always.
    if (what === 'alert' || (what !== 'data' && s.bell)) io.stdout.write('\x07');
    screen.invalidate();
  };
  const program = new Program(s, (e) => run(e), changed);
  const dispatch = program.dispatch;
  const log = (level: 'info' | 'error', text: string) => dispatch({ kind: 'log', level, text, at: now() });
  const failed = (e: BmError) => log('error', `stream: ${e.message}${e.details.code ? ` (code ${e.details.code}: ${e.details.venueMessage ?? ''})` : ''}${e.details.hint ? `; ${e.details.hint}` : ''}`);
  o.chatter.toLog = (line) => log('info', line);

  /** A write the update marked as being sent: its outcome goes back as a message. */
  const write = async (send: () => Promise<Outcome>) => {
    const outcome = await send();
    dispatch({ kind: 'sent', outcome, at: now() });
  };

  const switchTo = async (symbol: string) => {
    let rules: PairRules;
    try {
      rules = await o.rulesOf(symbol);
    } catch (err) {
      return log('error', `switch to ${symbol}: ${(err as Error).message}`);
    }
    await feed.close();
    dispatch({ kind: 'switched', symbol, rules, at: now() });
    feed = o.feedOf(s, dispatch, failed);
    await startFeed();
  };

  const startFeed = async () => {
    screen.invalidate();
    await feed.start();
    await feed.snapshot();
  };

  function run(e: Effect): void {
    switch (e.kind) {
      case 'quit':
        return finish(e.code);
      case 'place':
        return void write(() => placeOrder(ctx, e.order));
      case 'cancel':
        return void write(() => cancelOrder(ctx, s.symbol, e.order));
      case 'amend':
        return void write(() => amendOrder(ctx, s.rules, e.order, e));
      case 'attach':
        return void write(() => attachAlgo(ctx, e.spec, e.replaces));
      case 'cancelAlgo':
        return void write(() => cancelAlgo(ctx, e.algo));
      case 'cancelAll':
        return void write(() => cancelAll(ctx, s.symbol));
      case 'switch':
        return void switchTo(e.symbol);
      case 'resync':
        return void Promise.all([feed.snapshot(), feed.readPnl()]);
      case 'watch':
        void o.saveWatchlist(e.pairs).catch((err: Error) => log('error', `watchlist not kept: ${err.message}`));
        return feed.run(e);
      case 'bell':
        return;
      default:
        return feed.run(e);
    }
  }

  const stdin = io.stdin as NodeJS.ReadStream;
  const onKeypress = (str: string | undefined, key: KeyInfo | undefined) => {
    const name = keyName(str, key);
    if (!name) return;
    dispatch({ kind: 'key', key: name, at: now() });
  };
  const onMouse = (r: MouseReport) => {
    const size = screen.size;
    dispatch({ kind: 'mouse', ...r, columns: size.columns, rows: size.rows, at: now() });
  };
  // Whatever ends the process (a crash included) turns the mouse off: the shell must not get its reports.
  let mouseOn = false;
  const mouseOff = () => {
    if (mouseOn) io.stdout.write(MOUSE.off);
    mouseOn = false;
  };
  const onExit = () => (mouseOff(), screen.stop());
  const onResize = () => screen.relayout();
  const onSignal = (sig: NodeJS.Signals) => finish(SIGNAL_EXIT[sig as keyof typeof SIGNAL_EXIT] ?? 130);
  const out = io.stdout as Partial<NodeJS.WriteStream>;
  stdin.setRawMode?.(true);
  const stopInput = listenInput(stdin, { keypress: onKeypress, mouse: onMouse, escape: () => dispatch({ kind: 'key', key: 'escape', at: now() }) }, ESCAPE_TIMEOUT_MS);
  stdin.resume();
  process.once('exit', onExit);
  if (s.mouse) {
    io.stdout.write(MOUSE.on);
    mouseOn = true;
  }
  out.on?.('resize', onResize);
  ctx.signals.on('SIGWINCH', onResize);
  for (const sig of ENDING_SIGNALS) ctx.signals.once(sig, onSignal);
  feed = o.feedOf(s, dispatch, failed);
  try {
    screen.relayout();
    void startFeed().catch((err: Error) => log('error', err.message));
    return await done;
  } finally {
    mouseOff();
    process.off('exit', onExit);
    screen.stop();
    o.chatter.toLog = undefined;
    stopInput();
    stdin.setRawMode?.(false);
    stdin.pause();
    out.off?.('resize', onResize);
    ctx.signals.off('SIGWINCH', onResize);
    for (const sig of ENDING_SIGNALS) ctx.signals.off(sig, onSignal);
    await feed.close();
  }
}
