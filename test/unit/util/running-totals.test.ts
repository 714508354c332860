// Running totals give what chained `add` gives, character for character, and exact shares:
// awkward inputs (scales that differ, zeros, long decimals, signs, past 2^53) and seeded random columns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Prng } from '../../../src/sandbox/market/prng.js';
import { add, cmp, dec, fmt, type Dec } from '../../../src/util/decimal.js';
import { RunningTotals } from '../../../src/util/running-totals.js';

/** What the totals must be: chained add from 0, printed by fmt. */
function reference(values: readonly string[]): string[] {
  let total: Dec = { units: 0n, scale: 0 };
  return values.map((v) => fmt((total = add(total, v))));
}

/** `part / whole` in 1/per-ths truncated toward zero, through BigInt only. */
function share(part: string, whole: string, per: number): number {
  const p = dec(part);
  const w = dec(whole);
  const to = Math.max(p.scale, w.scale);
  return Number((p.units * 10n ** BigInt(to - p.scale) * BigInt(per)) / (w.units * 10n ** BigInt(to - w.scale)));
}

function check(values: readonly string[], whole?: RunningTotals): RunningTotals {
  const t = new RunningTotals(values);
  assert.deepEqual(t.texts, reference(values), `totals of ${JSON.stringify(values)}`);
  const last = t.texts.at(-1);
  assert.equal(t.last, last);
  assert.equal(t.signOfLast(), Math.sign(cmp(last ?? '0', '0')));
  const w = whole ?? t;
  if (w.signOfLast() > 0) {
    assert.deepEqual(t.shares(w, 10_000), t.texts.map((x) => share(x, w.last!, 10_000)), `shares of ${JSON.stringify(values)}`);
  }
  return t;
}

test('totals keep the largest scale so far, as chained add prints them', () => {
  assert.deepEqual(new RunningTotals(['1.5', '0.25', '3', '0.000001']).texts, ['1.5', '1.75', '4.75', '4.750001']);
  assert.deepEqual(new RunningTotals(['1.50', '2']).texts, ['1.50', '3.50']);
  assert.deepEqual(new RunningTotals(['0', '0.000', '0']).texts, ['0', '0.000', '0.000']);
  assert.deepEqual(new RunningTotals([]).texts, []);
  for (const values of [
    ['0.01234', '0.5', '12', '0.00000001'],
    ['0.0000000000000000000001', '0.1', '7'],
    ['1', '0.0000000000000000000000001', '2'],
    ['123456789012345.123456789', '0.1'],
    ['5.', '.5', '+1.2', '-0.00', '-0', '0.000000'],
    ['10', '-0.5', '2.25', '-3', '-20'],
  ]) check(values);
});

test('past 2^53 the totals are exact, and so are shares', () => {
  check(['9007199254740991', '1', '0.5']);
  check(['9007199254740993']);
  check(['0.5', '12345678901234567890.5', '1']);
  check(['99999999999999.9999', '99999999999999.9999', '0.0001']);
  check(['900719925474099.1', '0.01']);
  const big = check(['1', '99999999999999999999']);
  check(['2', '3.5'], big);
  assert.deepEqual(new RunningTotals(['2', '3.5']).shares(big, 10_000), [0, 0]);
});

test('values as dec() reads them: trimmed, exponents read, garbage refused', () => {
  check([' 1.0', '1e-3', '2.5E+2', '3']);
  for (const bad of ['', 'abc', '1.2.3', '--1', '.', '0x10']) {
    assert.throws(() => new RunningTotals(['1', bad]), (e: Error) => e instanceof RangeError && e.message === `not a decimal: ${JSON.stringify(bad)}`);
  }
});

test('comparing last totals across scales and sizes', () => {
  const t = (...v: string[]) => new RunningTotals(v);
  assert.equal(t('1.10').compareLast(t('1.1')), 0);
  assert.equal(t('0.5', '0.5').compareLast(t('1.0001')), -1);
  assert.equal(t('2').compareLast(t()), 1);
  assert.equal(t('99999999999999999999').compareLast(t('99999999999999999998.9')), 1);
  assert.equal(t('-1').compareLast(t('0.000')), -1);
  assert.equal(t().signOfLast(), 0);
  assert.equal(t('-0.00').signOfLast(), 0);
});

test('seeded random columns: scales 0-12, zeros, signs, up to 17 digits, against BigInt', () => {
  const prng = new Prng(20261123);
  const column = () => Array.from({ length: prng.int(0, 20) }, () => {
    const scale = prng.int(0, 12);
    const digits = prng.chance(0.1) ? '0' : String(prng.int(0, 10 ** prng.int(1, 9))) + String(prng.int(0, 9999999)).slice(0, prng.int(0, 7));
    const padded = digits.padStart(scale + 1, '0');
    return (prng.chance(0.05) ? '-' : '') + (scale ? `${padded.slice(0, -scale)}.${padded.slice(-scale)}` : padded);
  });
  let shared = 0;
  for (let round = 0; round < 500; round++) {
    const other = new RunningTotals(column());
    const positive = other.signOfLast() > 0;
    check(column(), positive ? other : undefined);
    if (positive) shared++;
  }
  assert.ok(shared > 300, 'most rounds compare shares too');
});
