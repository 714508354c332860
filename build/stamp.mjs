// Each bundle bin/load.js compiles begins with a stamp: a hash of its own text. The stamp names the bundle's
// V8 code cache, so a cache is used only by the build that wrote it: V8 checks no more than the source's
// length, and a cache of another build of the same length would hand back that build's compiled functions.
// The stamp is written over a placeholder of the same length, so the source maps stay true.
import { createHash } from 'node:crypto';

/** What the banner of every bundle begins with; {@link stamped} writes the hash over its zeros. */
export const STAMP_PLACEHOLDER = '/*bm-build:0000000000000000*/';

/** `text` with its placeholder replaced by the first 16 hex digits of the SHA-256 of `text` (placeholder in). */
export function stamped(text) {
  if (!text.startsWith(STAMP_PLACEHOLDER)) throw new Error('a bundle without its stamp placeholder');
  const hash = createHash('sha256').update(text, 'latin1').digest('hex').slice(0, 16);
  return `/*bm-build:${hash}*/${text.slice(STAMP_PLACEHOLDER.length)}`;
}
