/**
 * The venue session a face runs with, and the small types the faces and the use cases hand each other:
 * the session (settings, profile, venue, credentials, its calls of both generations), the write host (a
 * confirmation, notes, a dry run), the log of writes an invocation sent, where the venue is read.
 */
export { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, settingOf, type SessionOptions, type SessionSink, type Setting } from '../session-options.js';
export { Session } from '../session.js';
export { WriteLog } from '../write/log.js';
export type { WriteHost } from '../write/host.js';
export { dryRunHost } from '../write/host.js';
export type { CallsSource, CurrentCalls, DryRunSink } from '../calls.js';
export type { LegacyCalls } from '../legacy-calls.js';
export type { LibVenue, Wiring } from '../venue.js';
export type { PairSource, PairRules } from '../order/pairs.js';
