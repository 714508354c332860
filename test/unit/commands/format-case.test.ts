// Output formats and colour modes are words like any other: typed in any case on the command line, in
// the environment or in a profile, they mean what the lower-case word means; anything else is refused
// as before.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseJson } from '../../../src/util/json.js';
import { runBm } from '../../helpers/in-process.js';
import { useLibraryVenue } from '../../helpers/library-venue.js';

const v = useLibraryVenue(47, { USDT: '1000' });
const home = mkdtempSync(join(tmpdir(), 'bm-format-case-'));

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'), BM_BASE_URL: v.proxy.url, ...extra };
}

test('-o JSON, --output Tsv, --output=CSV and BM_OUTPUT=NDJSON print what the lower-case format prints', async () => {
  const same = async (upper: readonly string[], lower: readonly string[], upperEnv: Record<string, string> = {}, lowerEnv: Record<string, string> = {}) => {
    const a = await runBm([...upper, 'currencies'], env(upperEnv));
    const b = await runBm([...lower, 'currencies'], env(lowerEnv));
    assert.equal(a.code, 0, a.stderr);
    assert.equal(b.code, 0, b.stderr);
    assert.equal(a.stdout, b.stdout, upper.join(' ') || JSON.stringify(upperEnv));
    return a.stdout;
  };
  assert.ok(Array.isArray((parseJson(await same(['-o', 'JSON'], ['-o', 'json'])) as { currencies: unknown }).currencies));
  assert.match(await same(['--output', 'Tsv', '--header'], ['--output', 'tsv', '--header']), /^[^\n]*\t/);
  assert.match(await same(['--output=CSV'], ['--output=csv']), /^[^\n]*,/);
  const nd = await same([], [], { BM_OUTPUT: 'NDJSON' }, { BM_OUTPUT: 'ndjson' });
  for (const line of nd.trimEnd().split('\n')) assert.equal(typeof parseJson(line), 'object');
});

test('--color ALWAYS and BM_COLOR=Never are taken; an unknown word is still refused, naming where it came from', async () => {
  for (const [argv, extra] of [[['--color', 'ALWAYS'], {}], [['--color=Never'], {}], [[], { BM_COLOR: 'Always' }]] as const) {
    const r = await runBm([...argv, 'currencies'], env(extra));
    assert.equal(r.code, 0, `${argv.join(' ')} ${JSON.stringify(extra)}: ${r.stderr}`);
  }
  const flag = await runBm(['--color', 'purple', 'currencies'], env());
  assert.equal(flag.code, 2);
  assert.match(flag.stderr, /option '--color <when>' argument 'purple' is invalid\. Allowed choices are auto, always, never\./);
  const variable = await runBm(['currencies'], env({ BM_COLOR: 'purple' }));
  assert.equal(variable.code, 2);
  assert.equal(variable.stderr, "error: BM_COLOR: must be one of auto, always, never (got 'purple')\n");
  const format = await runBm(['-o', 'XML', 'currencies'], env());
  assert.equal(format.code, 2);
  assert.equal(format.stderr, "error: --output: must be one of table, json, ndjson, csv, tsv (got 'XML')\n");
});
