/**
 * Confirmation before a write: `--yes` skips it; on a terminal the user is asked; with no terminal
 * and no `--yes` the command fails at once (exit 2) and never waits on stdin. Ctrl-C at the
 * prompt is an interruption (exit 130), not a refusal.
 */
import type { IO } from './io.js';
import { BmError, usage } from '../errors.js';

/** What asking needs of an invocation: the options that answer for the user, and the terminal to ask on. */
export interface Asker {
  readonly globals: { readonly yes?: boolean; readonly dryRun?: boolean };
  readonly io: Pick<IO, 'canPrompt' | 'err'>;
}

/**
 * Resolves when the user agreed; throws (exit 2, 3 or 130) otherwise. `what` is one line (asked as
 * `what?`); `context` lines (market context) are shown above the question. The command line's answer
 * to the core's WriteHost.confirm (src/core/write/host.ts).
 */
export async function confirmWrite(ctx: Asker, what: string, command: string, context: readonly string[] = []): Promise<void> {
  if (ctx.globals.yes || ctx.globals.dryRun) return;
  if (!ctx.io.canPrompt) {
    throw usage(`${command}: confirmation needed and there is no terminal to ask`, `add --yes to confirm: ${what}`);
  }
  if (context.length) ctx.io.err(context.map((l) => `  ${l}\n`).join(''));
  const { confirm } = await import('@inquirer/prompts');
  let ok = false;
  try {
    ok = await confirm({ message: what.endsWith('?') ? what : `${what}?`, default: false }, { output: process.stderr });
  } catch (err) {
    // The prompt library ends a prompt on SIGINT with an ExitPromptError.
    if ((err as Error)?.name === 'ExitPromptError') throw new BmError('interrupted', `${command}: interrupted at the confirmation; nothing was sent`);
    ok = false;
  }
  if (!ok) throw new BmError('declined', `${command}: not confirmed; nothing was sent`);
}

/** A yes-or-no question on the terminal (default no); Ctrl-C or no terminal is no. */
export async function askYesNo(ctx: Asker, question: string): Promise<boolean> {
  if (!ctx.io.canPrompt) return false;
  const { confirm } = await import('@inquirer/prompts');
  try {
    return await confirm({ message: question, default: false }, { output: process.stderr });
  } catch {
    return false;
  }
}
