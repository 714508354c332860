import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bm, isolatedEnv, ownCodeCache } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

test('BM_DEBUG=1: the error is followed by its stack, whose frames name src/ files (source map of the bundle)', () => {
  const r = bm(['kline'], isolatedEnv({ BM_DEBUG: '1' }));
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^error: SYMBOL is required/);
  assert.match(r.stderr, /\n {4}at parseError \(.*\/src\/commands\/strict\.ts:[0-9]+:[0-9]+\)\n/);
  assert.doesNotMatch(r.stderr, /dist\/main\.cjs/);
  const plain = bm(['kline'], isolatedEnv());
  assert.doesNotMatch(plain.stderr, / at /);
});

test('BM_DEBUG is the invocation\'s: a run in process given it prints the stack, one without it does not, whatever the process has', async () => {
  const debug = await runBm(['kline'], isolatedEnv({ BM_DEBUG: '1' }));
  assert.equal(debug.code, 2);
  assert.match(debug.stderr, /^error: SYMBOL is required.*\n {4}at /s);
  const before = process.env.BM_DEBUG;
  process.env.BM_DEBUG = '1';
  try {
    const plain = await runBm(['kline'], isolatedEnv());
    assert.equal(plain.code, 2);
    assert.doesNotMatch(plain.stderr, / at /, 'the test process\'s BM_DEBUG does not reach a run whose environment lacks it');
  } finally {
    if (before === undefined) delete process.env.BM_DEBUG;
    else process.env.BM_DEBUG = before;
  }
});

test('code caches of other builds or Node versions are pruned when a new one is written', () => {
  const env = ownCodeCache(isolatedEnv());
  const dir = join(env.XDG_CACHE_HOME!, 'bm', 'v8');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main-v18.0.0-1-2.bin'), 'old');
  writeFileSync(join(dir, 'main-v20.0.0-3-4.bin'), 'old');
  writeFileSync(join(dir, 'other.txt'), 'kept');
  assert.equal(bm(['--version'], env).code, 0);
  const left = readdirSync(dir).sort();
  assert.equal(left.length, 2, left.join(', '));
  assert.ok(left.includes('other.txt'));
  assert.match(left.find((n) => n.startsWith('main-'))!, new RegExp(`^main-${process.version.replace(/\./g, '\\.')}-[0-9a-f]{16}\\.bin$`));
});

test('a code cache is rewritten once by the first run of each other command word, and then holds them all', () => {
  const env = ownCodeCache(isolatedEnv());
  const dir = join(env.XDG_CACHE_HOME!, 'bm', 'v8');
  const cache = () => {
    const name = readdirSync(dir).find((n) => n.startsWith('main-'))!;
    const bytes = readFileSync(join(dir, name));
    return { words: bytes.toString('utf8', 0, bytes.indexOf(10)), mtime: statSync(join(dir, name)).mtimeMs };
  };
  assert.equal(bm(['--version'], env).code, 0);
  const first = cache();
  assert.equal(first.words, '-');
  assert.equal(bm(['--version'], env).code, 0);
  assert.equal(cache().mtime, first.mtime, 'a word the cache holds does not rewrite it');
  assert.equal(bm(['completion', 'bash'], env).code, 0);
  assert.equal(cache().words, '- completion');
  assert.equal(bm(['completion', 'fish'], env).code, 0);
  assert.equal(cache().words, '- completion');
});

test('a vendor bundle a command loads (the table and its colours) gets a code cache of its own, beside main\'s', () => {
  const env = ownCodeCache(isolatedEnv());
  const dir = join(env.XDG_CACHE_HOME!, 'bm', 'v8');
  assert.equal(bm(['--version'], env).code, 0);
  assert.deepEqual(readdirSync(dir).map((n) => n.split('-')[0]).sort(), ['main']);
  const r = bm(['help', 'exit-codes', '-o', 'table', '--color', 'always'], env);
  assert.equal(r.code, 0, r.stderr);
  const cached = readdirSync(dir).map((n) => n.split('-')[0]);
  assert.ok(cached.includes('table') && cached.includes('chalk'), cached.join(', '));
});
