/**
 * The pieces the book pane's rows are made of, made once: each side's colour, each row's start (the
 * selection, own-order and trigger marks) and the padding between values (./book.ts joins them).
 */
import { SGR } from '../../render/live.js';
import { escapes, runOf, spaces } from './text.js';

/** A selected row's inverse: its start and its end. */
export const [INVERSE, INVERSE_END] = escapes(SGR.inverse);
/** A side's colour (of its prices and bars) as escapes: `close` ends it, `closeGap` ends it and leaves a blank. */
interface Ink {
  readonly open: string;
  readonly close: string;
  readonly closeGap: string;
  /** Which list of {@link Pads.between} holds this side's gaps between a price and a size. */
  readonly slot: number;
}
const ink = ([open, close]: readonly [string, string], slot: number): Ink => ({ open, close, closeGap: `${close} `, slot });
/** By colour on or off, then side. */
export const SIDE = { plain: { ask: ink(['', ''], 0), bid: ink(['', ''], 1) }, color: { ask: ink(escapes(SGR.red), 2), bid: ink(escapes(SGR.green), 3) } } as const;

/**
 * A row's start: inverse when selected, the selection, own-order and trigger marks, the price's colour.
 * Indexed by bits: trigger 32, colour 16, ask 8, yours 4, selected 2, inverse 1; built once.
 */
export const LEADS = Array.from({ length: 64 }, (_, i) => {
  const [trigger, color, ask, mine, picked, inverse] = [32, 16, 8, 4, 2, 1].map((bit) => (i & bit) !== 0);
  // A stop or take-profit triggers here: ◇, or ◈ where one of your orders rests too.
  const mark = mine ? (trigger ? '◈' : '◆') : trigger ? '◇' : ' ';
  const style = trigger ? SGR.cyan : SGR.yellow;
  return `${inverse ? INVERSE : ''}${picked ? '›' : ' '}${color ? style(mark) : mark}${SIDE[color ? 'color' : 'plain'][ask ? 'ask' : 'bid'].open}`;
});
/** A pane's padding pieces, made once each and kept by the pane (see {@link around}). */
export class Pads {
  /** Blanks, a row's start, blanks: by lead (as LEADS). */
  readonly leads = LEADS.map((): string[] => []);
  /** Blanks, a side's `closeGap`, blanks: by {@link Ink.slot}. */
  readonly between: string[][] = [[], [], [], []];
  /** Blanks, one blank, blanks: between a size and a total, and after a total. */
  readonly gaps: string[] = [];
  readonly bars = runOf('█');
}

/**
 * `a` blanks, `mid`, `b` blanks: the text between two values of a row, made once per (a, b) and kept
 * in `made` (one list per `mid`), so a row is a few pieces and padding no garbage.
 */
export function around(made: string[], a: number, mid: string, b: number): string {
  if (a >= 64 || b >= 64) return `${spaces(a)}${mid}${spaces(b)}`;
  return (made[a * 64 + b] ??= `${spaces(a)}${mid}${spaces(b)}`);
}

/** Characters after the decimal point, the point included (0 without one). */
export function fracOf(v: string): number {
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot;
}
