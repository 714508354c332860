/**
 * The terminal side of a live view: full screen, keys (`q` quits, Ctrl-C interrupts), resize, and a
 * status line with the connection state, the age of the last message and the reconnect count.
 */
import type { IO } from '../../render/io.js';
import { LiveScreen, SGR, STALE_MS, type Size } from '../../render/live.js';
import { fit } from '../grid.js';
import type { View } from './keyed.js';
import type { WatchFeed, WatchState } from './state.js';

export function statusLine(conn: Pick<WatchFeed, 'state' | 'lastMessageAt' | 'reconnects' | 'messages'> & { notice?: string }, url: string, now: number, color: boolean, width: number): string {
  const age = conn.lastMessageAt ? now - conn.lastMessageAt : undefined;
  const stale = age !== undefined && age > STALE_MS;
  const state = conn.state === 'waiting' ? 'reconnecting' : conn.state;
  const ageText = age === undefined ? 'no message yet' : `last message ${(age / 1000).toFixed(1)}s ago`;
  const parts = [state, url, stale ? `STALE: ${ageText}` : ageText, `reconnects ${conn.reconnects}`, `msgs ${conn.messages}`, ...(conn.notice ? [conn.notice] : []), 'q quits'];
  const line = fit(parts.join('  │  '), width);
  if (!color) return line;
  return stale || conn.state !== 'ready' ? SGR.inverse(SGR.yellow(line)) : SGR.inverse(line);
}

/**
 * Shows `view` of `state` full-screen until a key or the caller stops it. `quit(0)` on `q`, `quit(130)`
 * on Ctrl-C. `sync` copies the connection's counters into the state before each frame. Returns
 * `invalidate` (call after the state changed) and `stop` (restores the terminal; safe twice).
 */
export function showLive(io: IO, view: View, state: WatchState, sync: () => void, url: string, quit: (code: number) => void): { invalidate(): void; stop(): void } {
  const compose = (size: Size): string[] => {
    sync();
    const now = Date.now();
    const body = view.lines(state, { columns: size.columns, rows: size.rows - 1 }, now, io.color).slice(0, size.rows - 1);
    while (body.length < size.rows - 1) body.push('');
    return [...body, statusLine(state.feed, url, now, io.color, size.columns)];
  };
  const screen = new LiveScreen(io.stdout, compose);
  const stdin = io.stdin;
  const onKey = (k: string) => {
    if (k === 'q' || k === 'Q') quit(0);
    else if (k.includes('\x03')) quit(130);
  };
  const onResize = () => screen.relayout();
  const out = io.stdout as Partial<NodeJS.WriteStream>;
  if (stdin.isTTY && stdin.setRawMode) {
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onKey);
    stdin.resume();
  }
  out.on?.('resize', onResize);
  process.on('SIGWINCH', onResize);
  screen.start();
  let stopped = false;
  return {
    invalidate: () => screen.invalidate(),
    stop: () => {
      if (stopped) return;
      stopped = true;
      screen.stop();
      out.off?.('resize', onResize);
      process.off('SIGWINCH', onResize);
      stdin.off('data', onKey);
      if (stdin.isTTY && stdin.setRawMode) stdin.setRawMode(false);
      stdin.pause();
    },
  };
}
