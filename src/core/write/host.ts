/**
 * What a write needs of the face that asked for it: a confirmation, a place for progress lines, and
 * whether to stop at a dry run. The command line answers with its prompt and options
 * (src/context.ts), the library with its own rule: a library call is its own confirmation.
 */
import type { WaitClock } from '../../util/clock.js';
import type { WriteLog } from './log.js';

export interface WriteHost {
  /** Stop before sending, after showing the request (`--dry-run`, a library call's `dryRun`). */
  readonly dryRun: boolean;
  /**
   * Resolves when the write may go; throws (a usage error, declined, interrupted) when not.
   * `what` is one line (asked as `what?`); `context` lines (market context) are shown above it.
   */
  confirm(what: string, command: string, context?: readonly string[]): Promise<void>;
  /** A progress line for the user (stderr on the command line, `onNote` in the library). */
  note(line: string): void;
  /** A line the user must see whatever the options (a conditional order's leg refused for good): stderr even under --quiet; absent: `note`. */
  warn?(line: string): void;
  /** Where the pipeline says what it proved (a command's invocation; absent for the library). */
  readonly writes?: Pick<WriteLog, 'settled'>;
  /** The clock of the write's pauses and lookup window; absent: the system's. */
  readonly clock?: WaitClock;
}

/** The host of a dry run: the same confirmation and notes, and the pipeline stops before sending. */
export function dryRunHost(host: WriteHost): WriteHost {
  return { dryRun: true, confirm: (what, command, context) => host.confirm(what, command, context), note: (line) => host.note(line) };
}
