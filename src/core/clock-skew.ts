/**
 * How far the local clock is from the venue's, said the same way by `bm doctor` and an algo's runner.
 * The offset is the venue's clock minus ours (ms), as the REST client learns it from GET /system/time.
 */

/**
 * A difference beyond this (ms) is said: a runner notes it in its log, doctor warns. Under it the two
 * clocks agree as well as one request's round trip can tell on a loaded machine.
 */
export const CLOCK_NOTE_MS = 2000;

/** Beyond this difference (ms) doctor's clock check fails: the venue refuses a signed call's timestamp 60 s off. */
export const CLOCK_FAIL_MS = 30_000;

/** `ms` in words: seconds with one decimal, and hours and minutes beside them from two minutes on. */
function span(ms: number): string {
  const s = `${(ms / 1000).toFixed(1)} s`;
  if (ms < 120_000) return s;
  const min = Math.round(ms / 60_000);
  return `${s} (${min >= 60 ? `${Math.floor(min / 60)} h ${min % 60} min` : `${min} min`})`;
}

/** "the local clock is 3600.0 s (1 h 0 min) ahead of the venue's": `offsetMs` is the venue's clock minus ours. */
export function clockSkew(offsetMs: number): string {
  return `the local clock is ${span(Math.abs(offsetMs))} ${offsetMs < 0 ? 'ahead of' : 'behind'} the venue's`;
}
