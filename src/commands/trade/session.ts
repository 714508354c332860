/**
 * The terminal while it runs: the live screen, keys (Esc answers after 50 ms, not Node's 500), the
 * commands they give (send, cancel, switch pair, resync, quit), resizes and the bell on fills.
 * Resolves with the exit code: 0 on `q`, 130 on Ctrl-C, 128 + n on signal n (SIGINT, SIGTERM, SIGHUP);
 * the screen, the cursor and the keyboard's mode are restored either way.
 */
import { emitKeypressEvents } from 'node:readline';
import type { Context } from '../../context.js';
import type { BmError } from '../../errors.js';
import type { PairRules } from '../../core/order/pairs.js';
import type { Compose, LiveScreen } from '../../render/live.js';
import type { TradeFeed } from './feed.js';
import { attachAlgo, cancelAlgo } from './attach-run.js';
import { handleKey, type Command } from './keys.js';
import { amendOrder, cancelAll, cancelOrder, orderText, placeOrder, type Outcome } from './orders.js';
import { TradeScreen } from './screen.js';
import { ENDING_SIGNALS, SIGNAL_EXIT } from './signals.js';
import { emptyAccount, emptyMarket, logAction, type TradeState } from './state.js';

/** ms readline waits after Esc for the rest of an escape sequence. */
export const ESCAPE_TIMEOUT_MS = 50;

export interface SessionOptions {
  readonly ctx: Context;
  readonly state: TradeState;
  readonly feedOf: (s: TradeState, changed: (what: 'data' | 'fill' | 'alarm') => void, failed: (e: BmError) => void) => TradeFeed;
  readonly chatter: { toLog: ((line: string) => void) | undefined };
  readonly rulesOf: (symbol: string) => Promise<PairRules>;
  /** The screen, already up (showing the loading steps); the session draws on it through `view`. */
  readonly screen: LiveScreen;
  readonly view: { compose: Compose };
}

interface KeyInfo {
  readonly name?: string;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
  readonly sequence?: string;
}

const NAMED = new Set(['up', 'down', 'left', 'right', 'tab', 'escape', 'backspace', 'enter']);

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
  const changed = (what: 'data' | 'fill' | 'alarm') => {
    // --bell: a fill, or a conditional order that failed (its line is in the log and the orders pane).
    if (what !== 'data' && s.bell) io.stdout.write('\x07');
    screen.invalidate();
  };
  const failed = (e: BmError) => {
    logAction(s, 'error', `stream: ${e.message}${e.details.code ? ` (code ${e.details.code}: ${e.details.venueMessage ?? ''})` : ''}${e.details.hint ? `; ${e.details.hint}` : ''}`, now());
    screen.invalidate();
  };
  o.chatter.toLog = (line) => (logAction(s, 'info', line, now()), screen.invalidate());

  const write = async (what: string, send: () => Promise<Outcome>) => {
    if (s.ui.busy) {
      logAction(s, 'error', `not sent: ${what}: wait, ${s.ui.busy} is still being sent`, now());
      return;
    }
    s.ui.busy = what;
    screen.invalidate();
    const out = await send();
    s.ui.busy = undefined;
    logAction(s, out.kind === 'ok' ? 'ok' : out.kind === 'rejected' ? 'error' : 'unknown', out.text, now());
    feed.refreshAccount();
    screen.invalidate();
  };

  const switchTo = async (symbol: string) => {
    let rules: PairRules;
    try {
      rules = await o.rulesOf(symbol);
    } catch (err) {
      logAction(s, 'error', `switch to ${symbol}: ${(err as Error).message}`, now());
      return;
    }
    await feed.close();
    Object.assign(s, { symbol, rules, market: emptyMarket(), account: emptyAccount() });
    s.ui.selected = undefined;
    s.ui.level = { book: 'ask', index: 0 };
    s.ui.group = 1;
    for (const k of Object.keys(s.versions) as Array<keyof TradeState['versions']>) s.versions[k]++;
    logAction(s, 'info', `switched to ${symbol}`, now());
    feed = o.feedOf(s, changed, failed);
    await startFeed();
  };

  const startFeed = async () => {
    screen.invalidate();
    await feed.start();
    await feed.snapshot();
  };

  const run = (cmd: Command) => {
    switch (cmd.kind) {
      case 'quit':
        return finish(cmd.code);
      case 'place':
        return void write(orderText(cmd.order), () => placeOrder(ctx, cmd.order));
      case 'cancel':
        return void write(`cancel order ${cmd.order.id}`, () => cancelOrder(ctx, s.symbol, cmd.order));
      case 'amend':
        return void write(`amend order ${cmd.order.id}`, () => amendOrder(ctx, s.rules, cmd.order, cmd));
      case 'attach':
        return void write(`${cmd.replaces ? `join ${cmd.replaces.id} into` : 'attach'} ${cmd.spec.kind} ${cmd.spec.id}`, () => attachAlgo(ctx, cmd.spec, cmd.replaces));
      case 'cancelAlgo':
        return void write(`cancel ${cmd.algo.kind} ${cmd.algo.id}`, () => cancelAlgo(ctx, cmd.algo));
      case 'cancelAll':
        return void write(`cancel all on ${s.symbol}`, () => cancelAll(ctx, s.symbol));
      case 'switch':
        return void switchTo(cmd.symbol);
      case 'resync':
        logAction(s, 'info', 'resync: reading snapshots again', now());
        return void Promise.all([feed.snapshot(), feed.readPnl()]);
      default: {
        const never: never = cmd;
        return never;
      }
    }
  };

  const stdin = io.stdin as NodeJS.ReadStream;
  const onKeypress = (str: string | undefined, key: KeyInfo | undefined) => {
    const name = keyName(str, key);
    if (!name) return;
    const cmd = handleKey(s, name);
    screen.invalidate();
    if (cmd) run(cmd);
  };
  const onResize = () => screen.relayout();
  const onSignal = (sig: NodeJS.Signals) => finish(SIGNAL_EXIT[sig as keyof typeof SIGNAL_EXIT] ?? 130);
  const out = io.stdout as Partial<NodeJS.WriteStream>;
  // readline reads `escapeCodeTimeout` from the interface it is given.
  emitKeypressEvents(stdin, { escapeCodeTimeout: ESCAPE_TIMEOUT_MS } as unknown as Parameters<typeof emitKeypressEvents>[1]);
  stdin.setRawMode?.(true);
  stdin.on('keypress', onKeypress);
  stdin.resume();
  out.on?.('resize', onResize);
  ctx.signals.on('SIGWINCH', onResize);
  for (const sig of ENDING_SIGNALS) ctx.signals.once(sig, onSignal);
  feed = o.feedOf(s, changed, failed);
  try {
    screen.relayout();
    void startFeed().catch((err: Error) => logAction(s, 'error', err.message, now()));
    return await done;
  } finally {
    screen.stop();
    o.chatter.toLog = undefined;
    stdin.off('keypress', onKeypress);
    stdin.setRawMode?.(false);
    stdin.pause();
    out.off?.('resize', onResize);
    ctx.signals.off('SIGWINCH', onResize);
    for (const sig of ENDING_SIGNALS) ctx.signals.off(sig, onSignal);
    await feed.close();
  }
}
