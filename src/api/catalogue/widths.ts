/**
 * Candle widths: one word and one parser for `kline --step`, `watch kline --step` and
 * `legacy kline --step`. A width is a number of minutes, or N followed by a unit: `m` minute,
 * `h` hour, `d` day, `w` week (h, d, w in either case) or `M` month (43200 minutes); `m` and `M`
 * are case-sensitive. Each generation has its own set of widths.
 */
/** Minutes of one unit. A month is counted as 30 days, as the venue's 43200-minute step is. */
const UNIT_MINUTES: Readonly<Record<string, number>> = { m: 1, h: 60, H: 60, d: 1440, D: 1440, w: 10080, W: 10080, M: 43200 };

/** Spec 4.2: the REST k-line steps, minutes (`/spot/v1/steps`). */
export const KLINE_STEPS = [1, 3, 5, 15, 30, 45, 60, 120, 180, 240, 1440, 10080, 43200] as const;

/** Spec 4.9: the legacy generation's steps (`/v2/steps`), the same minutes. */
export const LEGACY_KLINE_STEPS: readonly number[] = KLINE_STEPS;

/** Minutes of a typed width; undefined when the text is not a width. */
export function parseWidth(text: string): number | undefined {
  const m = /^([0-9]{1,6})([mhdwMHDW]?)$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const per = m[2] === '' ? 1 : UNIT_MINUTES[m[2]!];
  return n > 0 && per !== undefined ? n * per : undefined;
}

/** The word of a width: the largest unit that divides it (`1M`, `1w`, `1d`, `4h`, `45m`). */
export function widthWord(minutes: number): string {
  for (const [unit, per] of [['M', 43200], ['w', 10080], ['d', 1440], ['h', 60]] as const) {
    if (minutes % per === 0) return `${minutes / per}${unit}`;
  }
  return `${minutes}m`;
}
