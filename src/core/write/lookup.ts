/**
 * The lookup of a write whose outcome is unknown, as its catalogue entry describes it: read, keep the
 * rows that are ours, and say what they prove. Reads are safe to repeat; the write is never re-sent here.
 */
import type { Verdict, WriteLookup } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import { BmError } from '../../errors.js';
import type { Row } from '../../util/row.js';
import type { WriteChannel, WriteEntry } from './channel.js';
import { fieldText, lookupParams, mismatch, verdictOf } from './proof.js';

/** What a lookup found. */
export type Finding =
  /** Our order, and its state proves the outcome (done or settled). */
  | { readonly kind: 'proven'; readonly verdict: Verdict; readonly row: Row }
  /** Our order, in a state that proves nothing yet (e.g. still open after a cancel). */
  | { readonly kind: 'pending'; readonly row: Row }
  /** An order that is not ours (another client order id). */
  | { readonly kind: 'foreign'; readonly row: Row; readonly field: string; readonly want: string; readonly got: string }
  /** No such order (yet). */
  | { readonly kind: 'absent' }
  /** Orders the write should have removed are still there. */
  | { readonly kind: 'left'; readonly rows: readonly Row[] }
  /** Candidates that look like ours, with nothing to prove it (no client order id). */
  | { readonly kind: 'guess'; readonly rows: readonly Row[] }
  /** The lookup itself failed. */
  | { readonly kind: 'failed'; readonly error: Error };

export interface LookupResult {
  readonly finding: Finding;
  /** The command that repeats the lookup, values filled in; undefined when it has nothing to read by. */
  readonly check?: string;
}

/** How often a lookup read is tried when it fails on the network (a read is safe to repeat). */
const READ_TRIES = 3;

async function read<E extends WriteEntry>(ch: WriteChannel<E>, ep: E, params: Params, notFound: readonly string[], sleep: (ms: number) => Promise<void>): Promise<Row[]> {
  for (let i = 1; ; i++) {
    try {
      return ch.rows(ep, await ch.send(ep, params)).filter((r) => Object.keys(r).length > 0);
    } catch (err) {
      // Only the venue's refusal says "no such order": the same code in a 5xx proves nothing.
      if (err instanceof BmError && err.category === 'venue' && err.details.code !== undefined && notFound.includes(err.details.code)) return [];
      if (!(err instanceof BmError && err.category === 'network') || i >= READ_TRIES) throw err;
      await sleep(300 * i);
    }
  }
}

/**
 * Looks a write up. `window` is when the write was out (ms, local clock): a guessed candidate must
 * have been created within it, give or take `slackMs` for the venue's clock.
 */
export async function lookUp<E extends WriteEntry>(
  ch: WriteChannel<E>, lookup: WriteLookup, params: Params,
  window: { readonly from: number; readonly to: number }, sleep: (ms: number) => Promise<void>, slackMs = 30_000,
): Promise<LookupResult> {
  const ep = ch.entry(lookup.endpoint);
  const lists = lookupParams(lookup, params);
  if (!lists.length) return { finding: { kind: 'failed', error: new Error('nothing was sent that the order can be looked up by') } };
  const check = ch.commandLine(ep, lists[0]!);
  let rows: Row[] = [];
  try {
    for (const lp of lists) rows.push(...(await read(ch, ep, lp, lookup.notFound ?? [], sleep)));
  } catch (err) {
    return { finding: { kind: 'failed', error: err as Error }, check };
  }
  const ours = rows.filter((r) => mismatch(lookup.match, r, params) === undefined);
  switch (lookup.expect) {
    case 'one': {
      const row = ours[0];
      if (!row) {
        const other = rows[0];
        const why = other && mismatch(lookup.match, other, params);
        return { finding: other && why ? { kind: 'foreign', row: other, ...why } : { kind: 'absent' }, check };
      }
      const verdict = verdictOf(lookup.verdicts ?? [{ outcome: 'done', say: 'done' }], row);
      return { finding: verdict && verdict.outcome !== 'pending' ? { kind: 'proven', verdict, row } : { kind: 'pending', row }, check };
    }
    case 'none': {
      const verdict = lookup.verdicts?.[0] ?? { outcome: 'done', say: 'done' };
      return { finding: ours.length ? { kind: 'left', rows: ours } : { kind: 'proven', verdict, row: {} }, check };
    }
    case 'guess': {
      const at = lookup.createdAt;
      rows = at === undefined ? ours : ours.filter((r) => {
        const t = Number(fieldText(r, at));
        return Number.isFinite(t) && t >= window.from - slackMs && t <= window.to + slackMs;
      });
      return { finding: { kind: 'guess', rows }, check };
    }
    default: {
      const never: never = lookup.expect;
      throw new Error(`unknown lookup kind ${String(never)}`);
    }
  }
}
