/**
 * An equity curve drawn in text: `height` rows of at most `width` columns, each column the last point of
 * its share of the curve, filled from the bottom; the top and bottom values and the times at either end
 * are written beside it. Numbers only scale the drawing: the figures themselves stay exact elsewhere.
 */

/** Lines of the chart of `points` ([ISO time, decimal text]); none for fewer than two points. */
export function equityChart(points: readonly (readonly [string, string])[], width: number, height: number, block: string): string[] {
  if (points.length < 2) return [];
  const cols = Math.max(2, Math.min(width, points.length));
  const values = Array.from({ length: cols }, (_, c) => Number(points[Math.min(points.length - 1, Math.round(((c + 1) * points.length) / cols) - 1)]![1]));
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const level = values.map((v) => Math.round(((v - lo) / span) * (height - 1)));
  const label = (v: number) => String(+v.toPrecision(10));
  const pad = Math.max(label(hi).length, label(lo).length);
  const lines: string[] = [];
  for (let row = height - 1; row >= 0; row--) {
    const side = row === height - 1 ? label(hi) : row === 0 ? label(lo) : '';
    lines.push(`${side.padStart(pad)} │${level.map((l) => (l >= row ? block : ' ')).join('')}`.trimEnd());
  }
  lines.push(`${' '.repeat(pad)} └${'─'.repeat(cols)}`);
  lines.push(`${' '.repeat(pad)}  ${timeAxis(points[0]![0], points[points.length - 1]![0], cols)}`);
  return lines;
}

/**
 * The times at either end of a chart `cols` wide: to the minute (to the second when both fall in one
 * minute), the first under the left edge and the last ending under the right one; `first to last` when the
 * chart is too narrow for both with a gap.
 */
export function timeAxis(from: string, to: string, cols: number): string {
  const minutes = [from, to].map((t) => t.slice(0, 16).replace('T', ' '));
  const [first, last] = minutes[0] === minutes[1] ? [from, to].map((t) => t.slice(0, 19).replace('T', ' ')) : minutes;
  return cols >= first!.length + 2 + last!.length ? `${first}${last!.padStart(cols - first!.length)}` : `${first} to ${last}`;
}
