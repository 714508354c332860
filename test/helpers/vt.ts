/**
 * A tiny terminal for tests: it applies what a live screen writes (cursor moves, erase to end of
 * line, clear, SGR) to a grid of cells, so a test can compare the screen with the frame it should show.
 */
import { cellsOf } from '../../src/render/splice.js';

export class VirtualTerminal {
  private chars: string[][];
  private styles: string[][];
  private row = 0;
  private col = 0;
  private style = '';

  constructor(readonly columns: number, readonly rows: number) {
    this.chars = this.blank(' ');
    this.styles = this.blank('');
  }

  private blank(fill: string): string[][] {
    return Array.from({ length: this.rows }, () => Array<string>(this.columns).fill(fill));
  }

  write(data: string): void {
    for (let i = 0; i < data.length; ) {
      if (data[i] === '\x1b' && data[i + 1] === '[') {
        let j = i + 2;
        while (j < data.length && !/[@-~]/.test(data[j]!)) j++;
        this.csi(data.slice(i + 2, j), data[j]!);
        i = j + 1;
        continue;
      }
      if (data[i] === '\r') this.col = 0;
      else if (data[i] === '\n') this.row = Math.min(this.rows - 1, this.row + 1);
      else {
        if (this.row < this.rows && this.col < this.columns) {
          this.chars[this.row]![this.col] = data[i]!;
          this.styles[this.row]![this.col] = this.style;
        }
        this.col++;
      }
      i++;
    }
  }

  private csi(params: string, final: string): void {
    if (params.startsWith('?')) return; // modes: alternate screen, cursor, synchronized output
    const n = params.split(';').map((x) => Number(x || '0'));
    if (final === 'H') {
      this.row = Math.max(0, (n[0] || 1) - 1);
      this.col = Math.max(0, (n[1] || 1) - 1);
    } else if (final === 'K') {
      for (let c = this.col; c < this.columns; c++) (this.chars[this.row]![c] = ' '), (this.styles[this.row]![c] = '');
    } else if (final === 'J' && n[0] === 2) {
      this.chars = this.blank(' ');
      this.styles = this.blank('');
    } else if (final === 'J') {
      for (let r = this.row; r < this.rows; r++) for (let c = r === this.row ? this.col : 0; c < this.columns; c++) (this.chars[r]![c] = ' '), (this.styles[r]![c] = '');
    } else if (final === 'm') {
      // Resolve through the same reader the renderer uses, so styles compare as canonical keys.
      const probe = cellsOf(`\x1b[0;${this.style}m\x1b[${params}mx`);
      this.style = probe.styles[0] ?? '';
    }
  }

  /** The screen as plain text, trailing blanks trimmed. */
  text(): string[] {
    return this.chars.map((r) => r.join('').trimEnd());
  }

  /** Each row as `char|style` pairs of its non-blank cells: compares colours too. */
  styled(): string[] {
    return this.chars.map((r, y) => r.map((ch, x) => (ch === ' ' && !this.styles[y]![x] ? ' ' : `${ch}{${this.styles[y]![x]}}`)).join('').trimEnd());
  }
}

/** What a frame of lines should look like on a fresh terminal, in the form of {@link VirtualTerminal.styled}. */
export function expectedScreen(lines: readonly string[], columns: number, rows: number): string[] {
  const vt = new VirtualTerminal(columns, rows);
  lines.slice(0, rows).forEach((l, i) => vt.write(`\x1b[${i + 1};1H${l}\x1b[0m`));
  return vt.styled();
}
