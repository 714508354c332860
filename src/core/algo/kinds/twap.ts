/**
 * Time-sliced placement: a size cut into N equal slices on the pair's size step (the rest in the last),
 * placed evenly over a duration, the first at once; a slice refused or of unknown outcome stops the rest.
 */
import { usage } from '../../../errors.js';
import { checkDecimal } from '../../params.js';
import { limit, optional, parseDuration, placementSpacingMs, split } from './common.js';
import type { KindDef } from './types.js';

/** The most slices a TWAP takes. */
export const MAX_SLICES = 1000;

function slicing(over: string | undefined, slices: string | undefined, nameOf: (k: string) => string): { n: number; gapMs: number } {
  const overMs = parseDuration(over ?? '', nameOf('over'));
  const n = Number(slices ?? '');
  if (!Number.isInteger(n) || n < 1 || n > MAX_SLICES) throw usage(`${nameOf('slices')}: a whole number from 1 to ${MAX_SLICES} (got '${slices ?? ''}')`);
  const gapMs = Math.floor(overMs / n);
  const spacing = placementSpacingMs();
  if (n > 1 && gapMs < spacing) throw usage(`${nameOf('slices')}: ${n} slices over ${over} are ${gapMs} ms apart; the venue's rate limit for placing orders allows one every ${spacing} ms`);
  return { n, gapMs };
}

export const twap: KindDef = {
  kind: 'twap', method: 'twap',
  summary: 'Time-sliced placement: N orders spread evenly over a duration, within the pair\'s rules and the rate limits',
  fires: '`slices` orders spread evenly over `over`, the first at once; each checked against the pair\'s rules and the spacing against the rate limit before anything is sent',
  inputs: [
    { key: 'over', value: 'duration', help: 'the whole duration: 90s, 15m, 1h, 1h30m', type: 'text', required: true },
    { key: 'slices', value: 'n', help: 'number of orders (the first at once)', type: 'whole', required: true },
    { key: 'price', value: 'price', help: 'limit price of each slice (default: market orders)', type: 'decimal' },
  ],
  examples: ['bm order twap BTC_USDT --side sell --size 1 --over 1h --slices 12 --dry-run'],
  read(input, _side, nameOf) {
    slicing(input.over, input.slices, nameOf);
    optional(input, 'price', nameOf);
    if (input.size === undefined && input.notional === undefined) throw usage(`${nameOf('size')} is required (the whole quantity)`);
  },
  plan: (a) => {
    const { n, gapMs } = slicing(a.input.over, a.input.slices, a.nameOf);
    const key = a.input.notional !== undefined ? 'notional' : 'size';
    const parts = split(checkDecimal(a.input[key]!, a.nameOf(key)), n, key === 'size' ? a.rules.quote_increment : undefined, a.nameOf(key));
    return { legs: parts.map((p, i) => a.leg({ name: `s${i + 1}`, [key]: p, due: a.now + i * gapMs, ...limit(a.input.price) }, `slice ${i + 1}: `)) };
  },
  machine: {
    settled(spec, legs, name, outcome) {
      if (outcome.status !== 'failed' && outcome.status !== 'unknown') return;
      for (const l of spec.legs) if (legs[l.name]!.status === 'armed') legs[l.name] = { status: 'cancelled', why: `slice ${name} ${outcome.status === 'failed' ? 'failed' : 'has an unknown outcome'}` };
    },
  },
};
