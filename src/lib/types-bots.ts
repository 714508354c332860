/**
 * What a bot is given (`bm bot run`, `bm backtest`; docs/bots.md), declarations only. The package's
 * `BotContext` is this with the library's `Client` (types/bm.d.ts).
 */

/** A bot's clock: the real time live, the replay's in a backtest. */
export interface BotClock {
  /** ms since the epoch. */
  now(): number;
  /** Resolves after `ms` ms; rejects with the stop signal's reason (an AbortError) if the bot is stopped first. */
  sleep(ms: number): Promise<void>;
  /** Tick times (ms) every `ms` ms: the first at once, then on the grid of `ms` from it (a missed tick is skipped); ends when the bot is stopped. */
  every(ms: number): AsyncIterable<number>;
}

/** What a bot's default export is given, its client of type `C`. */
export interface BotContextOf<C> {
  /** The library's client, bound to the venue the bot runs on. */
  readonly client: C;
  readonly clock: BotClock;
  /** Aborts when the bot is to stop: Ctrl-C or --duration live, the end of the data in a backtest. */
  readonly signal: AbortSignal;
  /** The `--param k=v` values, as text. */
  readonly params: Readonly<Record<string, string>>;
  /** A line of progress (stderr live; the report's log in a backtest). */
  readonly log: (line: string) => void;
}
