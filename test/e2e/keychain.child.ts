// Runs inside a private D-Bus session with an unlocked gnome-keyring (see keychain.test.ts):
// the keychain backend, then the built binary's profile add/show/test/remove with the secret in the
// keychain and nowhere on disk under the config dir. Exits non-zero on the first failed check.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { KeychainStore } from '../../src/profiles/keychain.js';
import { keychainTimeout, TimedSecretStore } from '../../src/profiles/secrets.js';
import { BIN, ROOT, runAsync } from '../helpers/bm.js';

const { KC_VENUE: venue, KC_KEY: key, KC_SECRET: secret, KC_MEMO: memo, BM_CONFIG_DIR: cfg } = process.env;
if (!venue || !key || !secret || !memo || !cfg) throw new Error('keychain.child.ts: run it from keychain.test.ts');
const entry = (account: string) => new AsyncEntry('bm', account, { linux: { store: 'secret-service' } });

function bm(args: string[], stdin = ''): { code: number; out: string; stdout: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input: stdin, encoding: 'utf8', env: process.env });
  const out = `${r.stdout}${r.stderr}`;
  assert.ok(!out.includes(secret!) && !out.includes(memo!), `bm ${args.join(' ')} printed a secret`);
  return { code: r.status ?? -1, out, stdout: r.stdout };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));
}

// 1. The backend on its own: store, read back, delete.
const store = new TimedSecretStore(new KeychainStore(), keychainTimeout(process.env));
const direct = { key: 'direct-key-0001', secret: 'direct-secret-0001', memo: 'direct-memo' };
await store.set('bm-e2e-direct', direct);
assert.deepEqual(await store.get('bm-e2e-direct'), direct);
assert.deepEqual(JSON.parse((await entry('bm-e2e-direct').getPassword()) ?? 'null'), direct, 'one JSON entry, service bm, account = profile');
assert.equal(await store.delete('bm-e2e-direct'), true);
assert.equal(await store.get('bm-e2e-direct'), undefined);
assert.equal(await store.delete('bm-e2e-direct'), false);
console.log('ok - keychain backend: store, read back, delete');

// 2. The binary: add with the secret in the keychain only (replacing a damaged old entry).
await entry('kc').setPassword('not json');
const add = bm(['profile', 'add', 'kc', '--base-url', venue, '-v'], `${key}\n${secret}\n${memo}\n`);
assert.equal(add.code, 0, add.out);
assert.match(add.out, /credentials in the OS keychain/);
assert.deepEqual(JSON.parse((await entry('kc').getPassword()) ?? 'null'), { key, secret, memo });
for (const f of filesUnder(cfg)) {
  const text = readFileSync(f, 'utf8');
  assert.ok(!text.includes(secret) && !text.includes(memo) && !text.includes(key), `${f} holds a credential`);
}
assert.deepEqual(readdirSync(cfg), ['config.json']);
console.log('ok - profile add: secret in the keychain, nowhere under the config dir');

const show = bm(['profile', 'show', 'kc', '-o', 'json']);
assert.equal(show.code, 0, show.out);
const shown = JSON.parse(show.stdout) as Record<string, string>;
assert.equal(shown.storage, 'keychain');
assert.equal(shown.key, `${'*'.repeat(key.length - 4)}${key.slice(-4)}`);
assert.equal(bm(['profile', 'test', 'kc']).code, 0);
assert.equal(bm(['sign-test', 'get']).code, 0, 'a signed call reads the keychain');
console.log('ok - profile show and test read the keychain');

const rm = bm(['profile', 'remove', 'kc']);
assert.equal(rm.code, 0, rm.out);
assert.equal(await entry('kc').getPassword(), null, 'the keychain entry is deleted');
console.log('ok - profile remove deletes the keychain entry');

// 3. Ten adds at once, then ten removes at once: the settings and the keychain agree throughout.
async function bmAsync(args: string[], stdin = ''): Promise<{ code: number; out: string }> {
  const r = await runAsync(process.execPath, [BIN, ...args], { env: process.env, input: stdin });
  return { code: r.code, out: r.stdout + r.stderr };
}
const names = Array.from({ length: 10 }, (_, i) => `kc${i}`);
const adds = await Promise.all(names.map((n) => bmAsync(['profile', 'add', n, '--no-verify'], `key-${n}\nsecret-${n}\nmemo-${n}\n`)));
adds.forEach((r, i) => assert.equal(r.code, 0, `add ${names[i]}: ${r.out}`));
const settings = JSON.parse(readFileSync(join(cfg, 'config.json'), 'utf8')) as { profiles: Record<string, { hasCredentials?: boolean; insecureStorage?: boolean }> };
assert.deepEqual(Object.keys(settings.profiles).sort(), names, 'all ten saved');
for (const n of names) {
  assert.ok(settings.profiles[n]!.hasCredentials && !settings.profiles[n]!.insecureStorage, `${n} marked, in the keychain`);
  assert.equal((JSON.parse((await entry(n).getPassword()) ?? 'null') as { key?: string } | null)?.key, `key-${n}`, `${n}'s own entry`);
}
const removes = await Promise.all(names.map((n) => bmAsync(['profile', 'remove', n])));
removes.forEach((r, i) => assert.equal(r.code, 0, `remove ${names[i]}: ${r.out}`));
for (const n of names) assert.equal(await entry(n).getPassword(), null, `${n}'s entry is deleted`);
assert.deepEqual(JSON.parse(readFileSync(join(cfg, 'config.json'), 'utf8')).profiles, {});
console.log('ok - ten profile adds and removes at once: settings and keychain agree');
