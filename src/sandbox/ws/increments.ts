/**
 * The incremental book channel of later venues, `spot/depth/increase100` (facts.md 4): a subscriber's
 * first push is `type: snapshot` (up to 100 levels a side), later pushes `type: update` carry only
 * the levels that changed (size "0" removes one), `version` one more per push. One version sequence
 * per topic: a subscriber that joins later gets the book as of the current version, so every
 * subscriber can apply every later update to what it holds.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import type { ExchangeApi } from '../exchange-api.js';
import type { Entry } from './payloads.js';

/** ms between two pushes of the channel. */
export const INCREMENT_MS = PROTOCOL.wsIncreaseIntervalMs;
/** Levels a side of the channel. */
export const INCREMENT_LEVELS = PROTOCOL.wsIncreaseLevels;

type Side = Map<string, string>;

export class IncrementalBook {
  private version = 0;
  private bids: Side = new Map();
  private asks: Side = new Map();
  private msT = 0;

  constructor(private readonly ex: ExchangeApi, private readonly symbol: string) {
    this.advance();
  }

  /** The book as of the current version, for a new subscriber. */
  snapshot(): Entry {
    return this.entry('snapshot', [...this.asks], [...this.bids]);
  }

  /**
   * The changes since the last version as the next version; undefined when nothing changed, unless
   * `always` (the channel's fixed cadence): then an update with no levels still moves the version.
   */
  update(always = false): Entry | undefined {
    const before = { bids: this.bids, asks: this.asks };
    if (!this.advance()) {
      if (!always) return undefined;
      this.version++;
    }
    return this.entry('update', changes(before.asks, this.asks), changes(before.bids, this.bids));
  }

  /** Reads the book; true (and a new version) when it differs from the last one. */
  private advance(): boolean {
    const d = this.ex.depth(this.symbol, INCREMENT_LEVELS);
    const bids = new Map(d.bids.map(([p, s]) => [p, s]));
    const asks = new Map(d.asks.map(([p, s]) => [p, s]));
    if (this.version > 0 && same(bids, this.bids) && same(asks, this.asks)) return false;
    this.bids = bids;
    this.asks = asks;
    this.msT = d.ms_t;
    this.version++;
    return true;
  }

  private entry(type: 'snapshot' | 'update', asks: Array<[string, string]>, bids: Array<[string, string]>): Entry {
    return { symbol: this.symbol, asks, bids, ms_t: this.msT, version: this.version, type };
  }
}

function same(a: Side, b: Side): boolean {
  if (a.size !== b.size) return false;
  for (const [p, s] of a) if (b.get(p) !== s) return false;
  return true;
}

/** Levels whose size changed or that appeared, and removed ones with size "0". */
function changes(before: Side, after: Side): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [p, s] of after) if (before.get(p) !== s) out.push([p, s]);
  for (const p of before.keys()) if (!after.has(p)) out.push([p, '0']);
  return out;
}
