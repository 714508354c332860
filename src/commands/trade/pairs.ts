/** Completion of pair names for the `/` prompt. */

/** Pairs that match what was typed: those starting with it first, then those containing it, each sorted. */
export function pairMatches(pairs: readonly string[], typed: string): string[] {
  const t = typed.toUpperCase();
  const starts = pairs.filter((p) => p.startsWith(t)).sort();
  const contains = pairs.filter((p) => !p.startsWith(t) && p.includes(t)).sort();
  return [...starts, ...contains];
}
