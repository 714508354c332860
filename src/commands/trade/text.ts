/**
 * Lines of exact width for the terminal's panes: text is measured before it is styled, so a pane's
 * lines always take exactly its width, styled or not (panes sit side by side on one screen row).
 */

export type Style = ((s: string) => string) | undefined;

/** `text` cut (with `…`) or padded with blanks to exactly `width` characters. */
export function cell(text: string, width: number, right = false): string {
  if (width <= 0) return '';
  if (text.length > width) return width === 1 ? '…' : `${text.slice(0, width - 1)}…`;
  return right ? text.padStart(width) : text.padEnd(width);
}

/**
 * Builds one line from pieces, each measured plain and styled when colour is on. The pieces are
 * joined once, into flat text: a line built by `+=` is a tree of small strings that the screen's
 * diff would flatten again on its first compare.
 */
export class Line {
  private readonly parts: string[] = [];
  /** Visible characters so far. */
  length = 0;

  constructor(private readonly color: boolean) {}

  /** Adds `text` as is (no cut): callers size their pieces. */
  add(text: string, style?: Style): this {
    if (!text) return this;
    this.parts.push(this.color && style ? style(text) : text);
    this.length += text.length;
    return this;
  }

  /** Adds text already styled, `width` characters wide (styles only: no other escapes). */
  addStyled(styled: string, width: number): this {
    this.parts.push(styled);
    this.length += width;
    return this;
  }

  /** The line, cut or padded to `width`; a cut never splits an escape sequence. */
  done(width: number, style?: Style): string {
    if (this.length > width) return cutStyled(this.parts.join(''), width, this.color);
    if (width > this.length) this.parts.push(' '.repeat(width - this.length));
    const line = this.parts.join('');
    return this.color && style ? style(line) : line;
  }
}

/** A styled line cut to `width` visible characters, styles closed (what {@link Line.done} does to a long line). */
export function cutStyled(line: string, width: number, color: boolean): string {
  if (!color) return line.slice(0, width);
  let out = '';
  let seen = 0;
  for (let i = 0; i < line.length && seen < width; ) {
    if (line.charCodeAt(i) === 0x1b) {
      const end = line.indexOf('m', i);
      out += line.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    out += line[i];
    seen++;
    i++;
  }
  return `${out}\x1b[0m`;
}

/**
 * `n` times `ch` (n >= 0), each length built once: the same padding and bars every frame, no
 * garbage, and equal lines stay the same strings.
 */
export function runOf(ch: string): (n: number) => string {
  const made: string[] = [];
  return (n) => (n > 1024 ? ch.repeat(n) : (made[n] ??= ch.repeat(n)));
}

/** `n` blanks. */
export const spaces = runOf(' ');

/** A style's opening and closing escapes, taken from the style itself (pieces built without calling it). */
export function escapes(style: NonNullable<Style>): readonly [open: string, close: string] {
  const [open = '', close = ''] = style('\0').split('\0');
  return [open, close];
}

/** A pane's lines, padded with blank lines to exactly `height`. */
export function fill(lines: string[], width: number, height: number): string[] {
  const blank = spaces(Math.max(0, width));
  const out = lines.slice(0, height);
  while (out.length < height) out.push(blank);
  return out;
}

/** A pane's title line: name, then details, cut to width. */
export function title(name: string, detail: string, width: number, color: boolean, bold: Style): string {
  return new Line(color).add(name, bold).add(detail ? `  ${detail}` : '').done(width);
}

/** A line kept with the inputs it was made from, made again only when one of them changed (===). */
export class Kept {
  private inputs: readonly unknown[] = [];
  private line = '';

  of(inputs: readonly unknown[], make: () => string): string {
    let same = inputs.length === this.inputs.length;
    for (let i = 0; same && i < inputs.length; i++) same = inputs[i] === this.inputs[i];
    if (!same) {
      this.inputs = inputs;
      this.line = make();
    }
    return this.line;
  }
}

/** A line of `label  value` exactly `inner` wide, the label in a fixed column. */
export function field(label: string, value: string, inner: number, color: boolean, style?: Style): string {
  return new Line(color).add(cell(label, 11)).add(value, style).done(inner);
}

/** A box drawn over the panes (./overlay.ts). */
export interface Box {
  readonly title: string;
  readonly titleStyle?: Style;
  /** Inner lines, already exactly `width - 4` wide. */
  readonly lines: readonly string[];
  readonly width: number;
}

/** `text` in lines of at most `width`, broken at blanks where possible. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const at = rest.lastIndexOf(' ', width);
    const cut = at > width / 2 ? at : width;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  out.push(rest);
  return out;
}
