/** The few ANSI styles tables use, without loading a colour library on the one-shot path. */
export type Paint = (s: string) => string;

export interface Palette {
  readonly bold: Paint;
  readonly red: Paint;
  readonly green: Paint;
}

const wrap = (open: number, close: number): Paint => (s) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain: Paint = (s) => s;

/** ANSI styles when `color`, else identity functions. */
export function palette(color: boolean): Palette {
  return color ? { bold: wrap(1, 22), red: wrap(31, 39), green: wrap(32, 39) } : { bold: plain, red: plain, green: plain };
}
