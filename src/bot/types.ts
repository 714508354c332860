/**
 * What a bot is: an ES module whose default export is an async function given its context (the
 * library's declaration, src/lib/types-bots.ts). The same function runs live (`bm bot run`) and in a
 * backtest (`bm backtest`): only the client's venue and the clock differ.
 */
import type { BotContextOf } from '../lib/types-bots.js';

export type BotContext<C = unknown> = BotContextOf<C>;

/** A bot's default export. */
export type Bot<C = unknown> = (ctx: BotContext<C>) => Promise<void> | void;
