import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readSettings } from '../../../src/config/settings.js';
import { checkProfileName, SettingsStore } from '../../../src/profiles/store.js';

const mode = (p: string) => statSync(p).mode & 0o777;

function tempConfig(): { env: { BM_CONFIG_DIR: string }; dir: string } {
  const dir = join(mkdtempSync(join(tmpdir(), 'bm-store-')), 'nested', 'bm');
  return { env: { BM_CONFIG_DIR: dir }, dir };
}

test('writes <configDir>/config.json with mode 0600 in a 0700 directory, whatever the umask', async () => {
  const { env, dir } = tempConfig();
  const old = process.umask(0o022);
  try {
    const store = await SettingsStore.open(env);
    store.setProfile('main', { venue: 'custom', baseUrl: 'https://api.example.com', hasCredentials: true });
    assert.equal(store.path, join(dir, 'config.json'));
    assert.equal(mode(dir), 0o700);
    assert.equal(mode(join(dir, 'config.json')), 0o600);
  } finally {
    process.umask(old);
  }
});

test('no -nodejs suffix and nothing else in the config dir', async () => {
  const { env, dir } = tempConfig();
  (await SettingsStore.open(env)).setCurrent('sandbox');
  assert.deepEqual(readdirSync(dir), ['config.json']);
  assert.ok(!readdirSync(join(dir, '..')).some((f) => f.includes('nodejs')));
});

test('an existing loose directory and file are tightened on write', async () => {
  const { env, dir } = tempConfig();
  const store = await SettingsStore.open(env);
  store.setCurrent('a');
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'config.json'), 0o644);
  store.setProfile('a', { venue: 'sandbox' });
  assert.equal(mode(dir), 0o700);
  assert.equal(mode(join(dir, 'config.json')), 0o600);
});

test('the cheap reader sees what the store wrote; removing the current profile clears the marker', async () => {
  const { env } = tempConfig();
  const store = await SettingsStore.open(env);
  store.setProfile('a.b', { venue: 'bitmart', output: 'json' });
  store.setProfile('c', { venue: 'sandbox' });
  store.setCurrent('a.b');
  assert.deepEqual(readSettings(env), { currentProfile: 'a.b', profiles: { 'a.b': { venue: 'bitmart', output: 'json' }, c: { venue: 'sandbox' } } });
  assert.equal(store.removeProfile('a.b'), true);
  assert.equal(store.removeProfile('nope'), false);
  assert.deepEqual(readSettings(env), { profiles: { c: { venue: 'sandbox' } } });
});

test('profile names are checked (usage error, exit 2)', () => {
  for (const bad of ['', '-x', 'a b', 'a/b', '../x', 'x'.repeat(65)]) {
    assert.throws(() => checkProfileName(bad), (e: { exitCode?: number }) => e.exitCode === 2, bad);
  }
  assert.equal(checkProfileName('main-2_x.y'), 'main-2_x.y');
});
