/** A venue's ratio (`+0.0076`, `-0.012`) as a trader reads it: `+0.76%`, `-1.20%`; exact, at least 2 places. */
import { dec, fmt, isDecimal, isZero, mul, places } from '../util/decimal.js';

/** The ratio as a signed percentage; text that is not a decimal is returned as it is. */
export function percentText(ratio: string): string {
  const t = ratio.trim();
  if (!isDecimal(t)) return ratio;
  const pct = mul(dec(t.replace(/^\+/, '')), '100');
  const text = fmt(pct, Math.max(2, places(pct)));
  return isZero(pct) || text.startsWith('-') ? `${text}%` : `+${text}%`;
}
