/**
 * The versions of a live view's slices (the terminal's and `bm watch`'s): each only grows, bumped by the
 * one update that changes its slice, so their sum moves exactly when one of them does.
 */

/** The sum of `versions`: compared before and after an update, it says whether anything changed. */
export function stamp<V extends { [K in keyof V]: number }>(versions: V): number {
  let n = 0;
  for (const k in versions) n += versions[k];
  return n;
}
