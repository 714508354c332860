/** The ANSI styles tables and charts use, through chalk at the level the terminal supports. */
import { chalkLib, type ChalkInstance } from './vendor.js';

export type Paint = (s: string) => string;

export interface Palette {
  readonly bold: Paint;
  readonly red: Paint;
  readonly green: Paint;
}

const plain: Paint = (s) => s;
const PLAIN: Palette = { bold: plain, red: plain, green: plain };
const instances = new Map<number, ChalkInstance>();

/** A chalk instance of this level (1 basic, 2 256 colours, 3 truecolor), made once. */
export function chalkAt(level: 1 | 2 | 3): ChalkInstance {
  let c = instances.get(level);
  if (!c) instances.set(level, (c = new (chalkLib().Chalk)({ level })));
  return c;
}

/** Styles when `color` (a boolean, or the terminal's colour level), else identity functions. */
export function palette(color: boolean | number): Palette {
  const level = color === true ? 1 : color === false ? 0 : color;
  if (level <= 0) return PLAIN;
  const c = chalkAt(Math.min(3, level) as 1 | 2 | 3);
  return { bold: (s) => c.bold(s), red: (s) => c.red(s), green: (s) => c.green(s) };
}
