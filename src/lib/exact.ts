/** Answers made exact for a library caller: every number as its text. */
import { RawNumber } from '../util/json.js';

/** An answer with every number as its exact text (bigints and ids beyond 2^53 included); other values kept. */
export function exact(v: unknown): unknown {
  if (v instanceof RawNumber) return v.raw;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.map(exact);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = exact(x);
    return out;
  }
  return v;
}
