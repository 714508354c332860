/**
 * Book levels read from recorded depth pushes: full books (`spot/depthN`), and the incremental
 * channel (`spot/depth/increase100`: a snapshot, then changed levels, size "0" removing one), kept
 * per pair so each update yields the whole book again.
 */
import { cmp, isDecimal, isZero } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';

export type Level = readonly [price: string, size: string];

export interface Levels {
  /** Best first. */
  readonly bids: Level[];
  readonly asks: Level[];
}

/** The `[price, size]` pairs of a pushed side; anything else in it is left out. */
export function levelsOf(side: unknown): Level[] {
  if (!Array.isArray(side)) return [];
  const out: Level[] = [];
  for (const l of side) {
    if (!Array.isArray(l) || l.length < 2) continue;
    const p = scalarText(l[0]);
    const s = scalarText(l[1]);
    if (isDecimal(p) && isDecimal(s)) out.push([p, s]);
  }
  return out;
}

/** The book of one pair as the incremental channel builds it. */
export class IncrementalLevels {
  private bids = new Map<string, string>();
  private asks = new Map<string, string>();

  /** Applies one push entry (`type` snapshot or update) and returns the whole book. */
  apply(entry: Record<string, unknown>): Levels {
    if (entry.type === 'snapshot') {
      this.bids = new Map();
      this.asks = new Map();
    }
    merge(this.bids, levelsOf(entry.bids));
    merge(this.asks, levelsOf(entry.asks));
    return {
      bids: [...this.bids].sort((a, b) => cmp(b[0], a[0])),
      asks: [...this.asks].sort((a, b) => cmp(a[0], b[0])),
    };
  }
}

function merge(side: Map<string, string>, levels: readonly Level[]): void {
  for (const [p, s] of levels) {
    if (isZero(s)) side.delete(p);
    else side.set(p, s);
  }
}
