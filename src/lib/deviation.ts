/** The library's deviation guard option (`maxDeviation`), read as `--max-deviation` is; loaded with the calls that take it. */
import { parseMaxDeviation } from '../core/usecases/order-parse.js';
import { usage } from '../errors.js';

/** The option as `--max-deviation` reads it (percent as text, or 'none'), named as the library names it. */
export function maxDeviationOf(v: unknown): string | undefined {
  if (typeof v !== 'string') throw usage(`maxDeviation: give a percentage as text, like '10', or 'none' (got ${typeof v})`);
  try {
    return parseMaxDeviation(v);
  } catch {
    throw usage(`maxDeviation: a percentage like '10', or 'none' (got '${v}')`);
  }
}
