import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FileSecretStore } from '../../../src/profiles/secretfile.js';

const mode = (p: string) => statSync(p).mode & 0o777;
const SECRET = { key: 'k-123456789', secret: 's3cr3t-value-xyz', memo: 'memo-label' };

function temp() {
  const dir = join(mkdtempSync(join(tmpdir(), 'bm-sf-')), 'cfg');
  return { dir, env: { BM_CONFIG_DIR: dir } };
}

test('stores in <configDir>/credentials.json, 0600 in a 0700 dir, after a warning', async () => {
  const { dir, env } = temp();
  const warnings: string[] = [];
  const store = new FileSecretStore(env, (l) => {
    assert.equal(existsSync(join(dir, 'credentials.json')), false, 'warned before writing');
    warnings.push(l);
  });
  const old = process.umask(0o022);
  try {
    await store.set('p1', SECRET);
  } finally {
    process.umask(old);
  }
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /unencrypted.*--insecure-storage/);
  assert.ok(!warnings[0]!.includes(SECRET.secret) && !warnings[0]!.includes(SECRET.memo));
  assert.equal(store.kind, 'file');
  assert.equal(mode(dir), 0o700);
  assert.equal(mode(join(dir, 'credentials.json')), 0o600);
  assert.deepEqual(await store.get('p1'), SECRET);
  assert.equal(await store.get('p2'), undefined);
  assert.equal(await store.get('__proto__'), undefined);
});

test('delete removes one profile, and the file with the last one', async () => {
  const { dir, env } = temp();
  const store = new FileSecretStore(env, () => {});
  await store.set('a', SECRET);
  await store.set('b', { ...SECRET, key: 'other' });
  assert.equal(await store.delete('a'), true);
  assert.equal(await store.delete('a'), false);
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8'))), ['b']);
  assert.equal(await store.delete('b'), true);
  assert.equal(existsSync(join(dir, 'credentials.json')), false);
});

test('a damaged file is a config error that does not quote it', async () => {
  const { dir, env } = temp();
  const store = new FileSecretStore(env, () => {});
  await store.set('a', SECRET);
  writeFileSync(join(dir, 'credentials.json'), `{"a": {"key": "k", "secret": "${SECRET.secret}"`);
  await assert.rejects(store.get('a'), (e: Error & { exitCode?: number }) => e.exitCode === 5 && !e.message.includes(SECRET.secret));
  writeFileSync(join(dir, 'credentials.json'), JSON.stringify({ a: { key: 'k', secret: SECRET.secret } }));
  await assert.rejects(store.get('a'), (e: Error & { exitCode?: number }) => e.exitCode === 5 && !e.message.includes(SECRET.secret));
});
