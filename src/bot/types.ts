/**
 * What a bot is: an ES module whose default export is an async function given a {@link BotContext}.
 * The same function runs live (`bm bot run`) and in a backtest (`bm backtest`): only the client's venue
 * and the clock differ.
 */
import type { BotClock } from './clock.js';

/** What a bot is given. `Client` is the library's (`import type { Client } from 'bm'`). */
export interface BotContext<C = unknown> {
  /** The library's client, bound to the venue the bot runs on. */
  readonly client: C;
  /** The time: the real one live, the replay's in a backtest. */
  readonly clock: BotClock;
  /** Aborts when the bot is to stop: Ctrl-C live, the end of the recording in a backtest. */
  readonly signal: AbortSignal;
  /** The `--param k=v` values, as text. */
  readonly params: Readonly<Record<string, string>>;
  /** A line of progress (stderr live; the report's log in a backtest). */
  readonly log: (line: string) => void;
}

/** A bot's default export. */
export type Bot<C = unknown> = (ctx: BotContext<C>) => Promise<void> | void;
