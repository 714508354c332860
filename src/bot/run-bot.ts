/**
 * Runs a bot's function with its context and says how it ended: returned, or threw. An AbortError
 * thrown once the bot was stopped (a sleep cut short) is a clean end, as is returning.
 */
import type { Bot, BotContext } from './types.js';

export type BotEnd = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

export async function runBot<C>(bot: Bot<C>, ctx: BotContext<C>): Promise<BotEnd> {
  try {
    await bot(ctx);
    return { ok: true };
  } catch (error) {
    if (ctx.signal.aborted && (error === ctx.signal.reason || (error as { name?: string })?.name === 'AbortError')) return { ok: true };
    return { ok: false, error };
  }
}

/** The bot's error as one line and its stack (for the report and stderr). */
export function botErrorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}
