/**
 * Mouse reporting in the terminal's input: SGR reports (`ESC [ < button ; column ; row M`) are taken out
 * of what the keyboard sends before the keys are read, so a report never types into a form. A press of
 * the left button and the wheel's notches are kept; releases, drags and other buttons are dropped.
 */

/** Turns reporting of presses and the wheel on, in SGR coordinates; and off again. */
export const MOUSE = { on: '\x1b[?1000h\x1b[?1006h', off: '\x1b[?1000l\x1b[?1006l' } as const;

export interface MouseReport {
  readonly button: 'left' | 'wheelUp' | 'wheelDown';
  /** Cell, counted from 0. */
  readonly x: number;
  readonly y: number;
}

const REPORT = /\x1b\[<(\d+);(\d+);(\d+)([Mm])/g;
/** The start of a report cut by the end of a chunk: kept for the next. */
const CUT = /\x1b(\[(<[\d;]*)?)?$/;

/** The button code's meaning (the low bits and the wheel bit; modifier bits ignored), or undefined to drop it. */
function buttonOf(code: number, press: boolean): MouseReport['button'] | undefined {
  if (code & 32) return undefined;
  const b = code & ~(4 | 8 | 16);
  if (b === 64) return 'wheelUp';
  if (b === 65) return 'wheelDown';
  return b === 0 && press ? 'left' : undefined;
}

/**
 * Splits input (with what was left of the chunk before) into the mouse reports and the rest, as typed;
 * `pending`: a report's start at the end, held back until the next chunk completes it.
 */
export function takeMouse(input: string): { readonly rest: string; readonly reports: MouseReport[]; readonly pending: string } {
  const reports: MouseReport[] = [];
  let rest = input.replace(REPORT, (_all, code: string, col: string, row: string, end: string) => {
    const button = buttonOf(Number(code), end === 'M');
    if (button) reports.push({ button, x: Number(col) - 1, y: Number(row) - 1 });
    return '';
  });
  // A lone Esc at the end is a key (readline times it out), unless it starts a report: `ESC [ <`.
  const cut = CUT.exec(rest);
  let pending = '';
  if (cut && cut[0].startsWith('\x1b[<')) {
    pending = cut[0];
    rest = rest.slice(0, cut.index);
  }
  return { rest, reports, pending };
}
