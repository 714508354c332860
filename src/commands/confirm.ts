/**
 * Confirmation before a write: `--yes` skips it; on a terminal the user is asked; with no terminal
 * and no `--yes` the command fails at once (exit 2) and never waits on stdin.
 */
import type { Context } from '../context.js';
import { BmError, usage } from '../errors.js';

/** Resolves when the user agreed; throws (exit 2 or 3) otherwise. `what` is one line. */
export async function confirmWrite(ctx: Context, what: string, command: string): Promise<void> {
  if (ctx.globals.yes || ctx.globals.dryRun) return;
  if (!ctx.io.canPrompt) {
    throw usage(`${command}: confirmation needed and there is no terminal to ask`, `add --yes to confirm: ${what}`);
  }
  const { confirm } = await import('@inquirer/prompts');
  let ok = false;
  try {
    ok = await confirm({ message: what, default: false }, { output: process.stderr });
  } catch {
    ok = false;
  }
  if (!ok) throw new BmError('declined', `${command}: not confirmed; nothing was sent`);
}
