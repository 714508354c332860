/**
 * The screen shown at once while the terminal reads what it needs before its first real frame (the
 * venue, the pair's rules, every pair, whether the money is paper): each step ticked as it ends, so
 * a slow venue shows progress instead of a blank terminal.
 */
import type { Size } from '../../render/live.js';
import { cell } from './text.js';

export interface Loading {
  readonly symbol: string;
  /** Steps in order, each with whether it ended. */
  readonly steps: Array<{ readonly what: string; done: boolean }>;
  /** What was said meanwhile (e.g. the sandbox started): shown here, then kept in the log. */
  readonly notes: string[];
}

/** The steps of `bm trade` before its first frame. */
export function loadingSteps(symbol: string): Loading {
  return { symbol, steps: ['the venue and the credentials', `the rules of ${symbol}`, 'the pairs', 'paper or live money'].map((what) => ({ what, done: false })), notes: [] };
}

/** Marks the step `i` done. */
export function stepDone(l: Loading, i: number): void {
  const step = l.steps[i];
  if (step) step.done = true;
}

/** The loading screen: the pair, then each step (✓ when done), centred. */
export function loadingFrame(l: Loading, size: Size): string[] {
  const text = [`bm trade ${l.symbol}`, '', ...l.steps.map((s) => `${s.done ? '✓' : '…'} reading ${s.what}`), '', ...l.notes, ...(l.notes.length ? [''] : []), 'Ctrl-C quits'];
  const wide = Math.min(size.columns, Math.max(...text.map((t) => t.length)));
  const left = Math.max(0, Math.floor((size.columns - wide) / 2));
  const top = Math.max(0, Math.floor((size.rows - text.length) / 2));
  const lines = Array.from({ length: size.rows }, () => '');
  text.forEach((t, i) => {
    if (top + i < size.rows) lines[top + i] = cell(' '.repeat(left) + t, size.columns).trimEnd();
  });
  return lines;
}
