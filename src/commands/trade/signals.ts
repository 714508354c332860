/**
 * The signals that end the trading terminal, and what it exits with after restoring the screen:
 * 128 + the signal's number, as shells report a process a signal ended (130 for Ctrl-C).
 */
import { BmError } from '../../errors.js';

export const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const satisfies readonly NodeJS.Signals[];

/** The exit code a signal gives. */
export const SIGNAL_EXIT: Readonly<Record<(typeof ENDING_SIGNALS)[number], number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** The error a session that a signal (or Ctrl-C) ended with `code` is reported as. */
export function signalError(code: number): BmError {
  if (code === SIGNAL_EXIT.SIGTERM) return new BmError('terminated', 'terminated (SIGTERM)');
  if (code === SIGNAL_EXIT.SIGHUP) return new BmError('hangup', 'the terminal hung up (SIGHUP)');
  return new BmError('interrupted', 'interrupted');
}
