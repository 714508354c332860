/**
 * The terminal's input with mouse reporting: SGR reports (`ESC [ < button ; column ; row M`) are taken
 * out of what the keyboard sends before readline reads the keys, so a report never types into a form. A
 * press of the left button and the wheel's notches are kept; releases, drags and other buttons dropped.
 */
import { emitKeypressEvents } from 'node:readline';
import { PassThrough } from 'node:stream';

/** ms the input holds back what may start a mouse report before handing it on as keys. */
const MOUSE_WAIT_MS = 20;

/** Turns reporting of presses and the wheel on, in SGR coordinates; and off again. */
export const MOUSE = { on: '\x1b[?1000h\x1b[?1006h', off: '\x1b[?1000l\x1b[?1006l' } as const;

export interface MouseReport {
  readonly button: 'left' | 'wheelUp' | 'wheelDown';
  /** Cell, counted from 0. */
  readonly x: number;
  readonly y: number;
}

const REPORT = /\x1b\[<(\d+);(\d+);(\d+)([Mm])/g;
/** What may start a report, at the end of a chunk: kept for the next. */
const CUT = /\x1b(\[(<[\d;]*)?)?$/;

/** The button code's meaning (the low bits and the wheel bit; modifier bits ignored), or undefined to drop it. */
function buttonOf(code: number, press: boolean): MouseReport['button'] | undefined {
  if (code & 32) return undefined;
  const b = code & ~(4 | 8 | 16);
  if (b === 64) return 'wheelUp';
  if (b === 65) return 'wheelDown';
  return b === 0 && press ? 'left' : undefined;
}

/** A piece of the input, in the order it came: text for the keyboard, or a mouse report. */
export type InputPart = { readonly text: string } | { readonly report: MouseReport };

/**
 * Splits input (with what was held back from the chunk before) into its parts in order: the keyboard's
 * text and the mouse reports (releases, drags and other buttons dropped); `pending`: what may start a
 * report at the end, held back until the next chunk (or, if none comes soon, handed on as keys: a lone
 * Esc is one).
 */
export function takeMouse(input: string): { readonly parts: InputPart[]; readonly pending: string } {
  const parts: InputPart[] = [];
  let at = 0;
  for (const m of input.matchAll(REPORT)) {
    if (m.index > at) parts.push({ text: input.slice(at, m.index) });
    const button = buttonOf(Number(m[1]), m[4] === 'M');
    if (button) parts.push({ report: { button, x: Number(m[2]) - 1, y: Number(m[3]) - 1 } });
    at = m.index + m[0].length;
  }
  let rest = input.slice(at);
  // What may be the start of a report cut by the chunk's end (a terminal may send `ESC` and the rest
  // apart) is held back.
  const cut = CUT.exec(rest);
  const pending = cut ? cut[0] : '';
  if (cut) rest = rest.slice(0, cut.index);
  if (rest) parts.push({ text: rest });
  return { parts, pending };
}

/** What the input hands on: readline's keys, the mouse's reports, and a lone Esc (taken in its place). */
export interface InputSinks {
  readonly keypress: (str: string | undefined, key: { name?: string; ctrl?: boolean; meta?: boolean; sequence?: string } | undefined) => void;
  readonly mouse: (r: MouseReport) => void;
  readonly escape: () => void;
}

/**
 * Reads `stdin` (in raw mode): reports out to `mouse`, the rest through readline (Esc timed out after
 * `escapeMs`) to `keypress`, in the order they came; a lone Esc just before a report, or held back and
 * not completed into one, goes to `escape` at once. Returns the function that stops it.
 */
export function listenInput(stdin: NodeJS.ReadableStream, to: InputSinks, escapeMs: number): () => void {
  const keysIn = new PassThrough();
  // readline reads `escapeCodeTimeout` from the interface it is given.
  emitKeypressEvents(keysIn, { escapeCodeTimeout: escapeMs } as unknown as Parameters<typeof emitKeypressEvents>[1]);
  keysIn.on('keypress', to.keypress);
  let pending = '';
  let held: NodeJS.Timeout | undefined;
  const onData = (chunk: Buffer | string) => {
    clearTimeout(held);
    const got = takeMouse(pending + chunk.toString());
    pending = got.pending;
    for (const p of got.parts) {
      if ('report' in p) to.mouse(p.report);
      else if (p.text === '\x1b') to.escape();
      else keysIn.write(p.text);
    }
    // What was held back goes on as keys when nothing completes it into a report soon.
    if (pending) held = setTimeout(() => {
      if (pending === '\x1b') to.escape();
      else if (!pending.startsWith('\x1b[<')) keysIn.write(pending);
      pending = '';
    }, MOUSE_WAIT_MS);
  };
  stdin.on('data', onData);
  return () => {
    clearTimeout(held);
    stdin.off('data', onData);
    keysIn.off('keypress', to.keypress);
    keysIn.end();
  };
}
