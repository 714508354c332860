/**
 * Which output formats each command honours. Most commands print rows and honour every format; the
 * ones listed here print something else, and refuse an explicit `-o`/`--json` they cannot honour
 * (exit 2) instead of quietly printing another format. A format set as a default (BM_OUTPUT, a
 * profile's output) is a preference, not a request: those commands ignore it.
 */
import type { Context } from '../context.js';
import { usage } from '../errors.js';
import type { Format } from '../render/output.js';

/** Formats by command path (without `bm`); absent: every format. */
export const COMMAND_FORMATS: Readonly<Record<string, readonly Format[]>> = {
  completion: [],
  __complete: [],
  'sandbox serve': [],
  record: [],
  trade: ['table'],
};

/** A usage error when the user asked for a format the command cannot print. */
export function refuseFormat(ctx: Context, path: string, allowed: readonly Format[], why?: string): void {
  const asked = ctx.explicitFormat;
  if (asked === undefined || allowed.includes(asked)) return;
  const textOnly = allowed.every((f) => f === 'table');
  const can = textOnly ? 'prints text, in no other format' : `prints ${allowed.join(', ')}`;
  throw usage(`-o ${asked}: bm ${path} ${can}${why ? ` (${why})` : ''}`, `leave out ${ctx.globals.json ? '--json' : '-o'}`);
}

/** A usage error when the command at `path` (without `bm`) cannot print the format asked. */
export function checkFormat(ctx: Context, path: string): void {
  const allowed = COMMAND_FORMATS[path];
  if (allowed) refuseFormat(ctx, path, allowed);
}
