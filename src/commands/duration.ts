/** `--duration`: how long a stream runs (`bm watch`, `bm record`). */
import { usage } from '../errors.js';

/** Milliseconds of a `--duration` in seconds (a decimal greater than 0); undefined when none is given. */
export function durationOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || Number(text) <= 0) throw usage(`--duration: seconds expected, greater than 0 (got '${text}')`);
  return Math.round(Number(text) * 1000);
}
