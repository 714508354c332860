import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { LOCAL_COLUMNS } from '../../src/commands/local-columns.js';
import { GUIDES, plainText } from '../../src/commands/help/guides.js';
import { tradeKeyRows } from '../../src/commands/tree/trade-keys.js';

const env = isolatedEnv();
const run = (...args: string[]) => runBm(args, env);

test('bm --help lists every topic; bm help COMMAND is that command\'s help, examples included', async () => {
  const root = await run('--help');
  assert.equal(root.code, 0, root.stderr);
  assert.match(root.stdout, /^Help topics: bm help environment, bm help exit-codes, bm help output, bm help errors, bm help vocabulary, bm help limits, bm help writes, bm help sandbox, bm help profiles, bm help trade-keys, bm help library, bm help algo, bm help bots$/m);
  const viaHelp = await run('help', 'order', 'place');
  assert.equal(viaHelp.code, 0, viaHelp.stderr);
  assert.equal(viaHelp.stdout, (await run('order', 'place', '--help')).stdout);
  assert.match(viaHelp.stdout, /\nExamples:\n {2}\$ bm order place /);
  assert.equal((await run('help')).stdout, root.stdout);
});

test('help environment: every variable of the contract, with its meaning', async () => {
  const r = await run('help', 'environment');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^name +meaning$/m);
  for (const v of ['BM_PROFILE', 'BM_BASE_URL', 'BM_WS_URL', 'BM_LEGACY_URL', 'BM_SERVICE', 'BM_OUTPUT', 'BM_TIMEOUT', 'BM_DEBUG', 'BM_API_KEY', 'BM_CONFIG_DIR', 'HTTPS_PROXY']) {
    assert.match(r.stdout, new RegExp(`^${v}\\b.* {2}\\S`, 'm'), v);
  }
});

test('help exit-codes: 0-11, 130, and 129/143 for a full-screen view a signal ended (8: nothing known sent, 11: sent, outcome unknown), one category each; -o json gives the same rows', async () => {
  const r = await run('help', 'exit-codes');
  assert.equal(r.code, 0, r.stderr);
  const rows = JSON.parse((await run('help', 'exit-codes', '-o', 'json')).stdout) as Array<{ code: number; category: string; meaning: string }>;
  assert.deepEqual(rows.map((x) => x.code), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 130, 129, 143]);
  assert.deepEqual([8, 11].map((c) => rows.find((x) => x.code === c)?.category), ['network', 'unknown']);
  assert.match(rows.find((x) => x.code === 6)!.meaning, /placed, then cancelled by the venue at once/, 'a placement the venue did not let stand is exit 6');
  for (const x of rows) assert.match(r.stdout, new RegExp(`^ *${x.code} +${x.category} +\\S`, 'm'));
});

test('help errors: the venue codes with HTTP status, category, exit code and hint; --json is an array', async () => {
  const table = await run('help', 'errors');
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /^ *code +http +category +exit_code +message +hint$/m);
  const rows = JSON.parse((await run('help', 'errors', '--json')).stdout) as Array<Record<string, unknown>>;
  assert.ok(rows.length > 20);
  for (const x of rows) for (const k of ['code', 'http', 'category', 'exit_code', 'message', 'hint']) assert.ok(k in x, `${String(x.code)}: ${k}`);
  const auth = rows.find((x) => x.code === 30001)!;
  assert.equal(auth.exit_code, 4);
  assert.equal(auth.category, 'auth');
});

test('help output: the five formats and the JSON error shape', async () => {
  const r = await run('help', 'output');
  assert.equal(r.code, 0, r.stderr);
  for (const f of ['table', 'tsv', 'csv', 'json', 'ndjson']) assert.match(r.stdout, new RegExp(`^ {2}${f} +\\S`, 'm'), f);
  assert.match(r.stdout, /"error":\{"category","code","http_status","message","trace","hint","retryable","exit_code"\}/);
});

test('help on an unknown word: exit 2, with the topics in the hint', async () => {
  const r = await run('help', 'nope');
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^error: help: no command or topic 'nope'\nhint: topics: environment, exit-codes, output, errors, vocabulary, limits, writes, sandbox, profiles, trade-keys, library, algo, bots; commands: bm --help\n$/);
});

test('help vocabulary and help limits print the catalogue: words with codes, limits with their use; help output refuses -o json', async () => {
  const v = await runBm(['help', 'vocabulary', '-o', 'tsv'], isolatedEnv());
  assert.equal(v.code, 0, v.stderr);
  assert.match(v.stdout, /^order status\t6 filled\tfully filled; a list filter \(word or code\)$/m);
  assert.match(v.stdout, /^stp mode\tcancel_maker\t/m);
  assert.match(v.stdout, /^candle width\t1m 3m 5m 15m 30m 1h 2h 4h 1d 1w 1M\twatch kline --step/m);
  const l = JSON.parse((await runBm(['help', 'limits', '--json'], isolatedEnv())).stdout) as Array<{ limit: string; value: string }>;
  assert.equal(l.find((x) => x.limit === 'candles per k-line request')!.value, '500');
  const o = await runBm(['help', 'output', '--json'], isolatedEnv());
  assert.equal(o.code, 2);
  assert.match(o.stderr, /^error: -o json: bm help output prints text, in no other format\n/);
});

test('help writes|sandbox|profiles|library print their guide\'s "In short" text, without markdown marks, and name the guide; text only', async () => {
  for (const [topic, guide] of Object.entries(GUIDES)) {
    const r = await run('help', topic);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `${plainText(guide.text)}\nThe whole guide: ${guide.doc} (beside README.md).\n`, topic);
  }
  assert.match((await run('help', 'writes')).stdout, /^- Never sent twice blindly\. A lost answer/m);
  const json = await run('help', 'sandbox', '--json');
  assert.equal(json.code, 2);
  assert.match(json.stderr, /^error: -o json: bm help sandbox prints text, in no other format\n/);
});

test('help trade-keys: the terminal\'s key tables, one row per binding; -o json gives the same rows', async () => {
  const r = await run('help', 'trade-keys');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^where +key +does$/m);
  assert.match(r.stdout, /^screen +C +cancel all orders of the pair \(y confirms\)$/m);
  const rows = JSON.parse((await run('help', 'trade-keys', '-o', 'json')).stdout) as unknown;
  assert.deepEqual(rows, tradeKeyRows());
});

test('local commands print exactly the output columns their help lists', async () => {
  // Help itself is checked in test/unit/commands/local-columns.test.ts; here, what they print (tsv header, no venue needed).
  for (const command of ['sandbox status', 'profile list'] as const) {
    const r = await run(...command.split(' '), '-o', 'tsv', '--header');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.split('\n')[0], LOCAL_COLUMNS[command].join('\t'), command);
  }
});
