import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readSettings } from '../../../src/config/settings.js';
import { changeSettings } from '../../../src/profiles/change.js';
import { FileSecretStore } from '../../../src/profiles/secretfile.js';
import { checkProfileName } from '../../../src/profiles/store.js';

const mode = (p: string) => statSync(p).mode & 0o777;
const SECRET = { key: 'k-1', secret: 's-1', memo: 'm-1' };

function tempConfig(): { env: { BM_CONFIG_DIR: string }; dir: string } {
  const dir = join(mkdtempSync(join(tmpdir(), 'bm-store-')), 'nested', 'bm');
  return { env: { BM_CONFIG_DIR: dir }, dir };
}

test('writes <configDir>/config.json with mode 0600 in a 0700 directory, whatever the umask', async () => {
  const { env, dir } = tempConfig();
  const old = process.umask(0o022);
  try {
    await changeSettings(env, (s) => void (s.profiles.main = { venue: 'custom', baseUrl: 'https://api.example.com' }));
    assert.equal(mode(dir), 0o700);
    assert.equal(mode(join(dir, 'config.json')), 0o600);
  } finally {
    process.umask(old);
  }
});

test('no -nodejs suffix, no lock or temporary file left: nothing else in the config dir', async () => {
  const { env, dir } = tempConfig();
  await changeSettings(env, (s) => void (s.currentProfile = 'sandbox'));
  assert.deepEqual(readdirSync(dir), ['config.json']);
  assert.ok(!readdirSync(join(dir, '..')).some((f) => f.includes('nodejs')));
});

test('an existing loose (but not writable by others) directory and file are tightened on write', async () => {
  const { env, dir } = tempConfig();
  await changeSettings(env, (s) => void (s.currentProfile = 'a'));
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'config.json'), 0o644);
  await changeSettings(env, (s) => void (s.profiles.a = { venue: 'sandbox' }));
  assert.equal(mode(dir), 0o700);
  assert.equal(mode(join(dir, 'config.json')), 0o600);
});

test('the cheap reader sees what was written; the current marker can be cleared', async () => {
  const { env } = tempConfig();
  await changeSettings(env, (s) => {
    s.profiles['a.b'] = { venue: 'bitmart', output: 'json' };
    s.profiles.c = { venue: 'sandbox' };
    s.currentProfile = 'a.b';
  });
  assert.deepEqual(readSettings(env), { currentProfile: 'a.b', profiles: { 'a.b': { venue: 'bitmart', output: 'json' }, c: { venue: 'sandbox' } } });
  await changeSettings(env, (s) => {
    delete s.profiles['a.b'];
    delete s.currentProfile;
  });
  assert.deepEqual(readSettings(env), { profiles: { c: { venue: 'sandbox' } } });
});

test('a change reads the settings under the lock: two changes started together both count', async () => {
  const { env } = tempConfig();
  let release!: () => void;
  let entered!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const inside = new Promise<void>((r) => (entered = r));
  // The first holds the lock, its change not yet written, when the second starts: the second waits
  // for the lock, then reads what the first wrote.
  const first = changeSettings(env, async (s) => {
    s.profiles.one = { venue: 'sandbox' };
    entered();
    await held;
  });
  await inside;
  const second = changeSettings(env, (s) => {
    assert.ok(s.profiles.one, 'the second change sees the first one');
    s.profiles.two = { venue: 'sandbox' };
  });
  setTimeout(release, 50);
  await Promise.all([first, second]);
  assert.deepEqual(Object.keys(readSettings(env).profiles).sort(), ['one', 'two']);
});

test('a change that throws writes nothing and lets go of the lock', async () => {
  const { env, dir } = tempConfig();
  await assert.rejects(changeSettings(env, (s) => {
    s.profiles.x = { venue: 'sandbox' };
    throw new Error('no');
  }), /no/);
  assert.equal(existsSync(join(dir, 'config.json')), false);
  assert.equal(existsSync(join(dir, 'config.lock')), false);
});

test('credentials-file entries of profiles the settings do not mark are dropped by the next change', async () => {
  const { env, dir } = tempConfig();
  const file = new FileSecretStore(env, () => {});
  await changeSettings(env, async (s) => {
    await file.set('kept', SECRET);
    s.profiles.kept = { venue: 'sandbox', insecureStorage: true, hasCredentials: true };
  });
  // As a process killed between the secret and the settings would leave it.
  await file.set('stray', SECRET);
  await changeSettings(env, (s) => void (s.currentProfile = 'kept'));
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8'))), ['kept']);
});

test('a config dir others can write is refused (exit 5) and nothing is written', async () => {
  const { env, dir } = tempConfig();
  await changeSettings(env, (s) => void (s.currentProfile = 'a'));
  chmodSync(dir, 0o777);
  await assert.rejects(
    changeSettings(env, (s) => void (s.currentProfile = 'b')),
    (e: Error & { exitCode?: number; details?: { hint?: string } }) => e.exitCode === 5 && e.message.includes(dir) && e.details?.hint === `chmod 700 ${dir}`,
  );
  assert.equal(readSettings(env).currentProfile, 'a');
});

test('profile names are checked (usage error, exit 2)', () => {
  for (const bad of ['', '-x', 'a b', 'a/b', '../x', 'x'.repeat(65)]) {
    assert.throws(() => checkProfileName(bad), (e: { exitCode?: number }) => e.exitCode === 2, bad);
  }
  assert.equal(checkProfileName('main-2_x.y'), 'main-2_x.y');
});
