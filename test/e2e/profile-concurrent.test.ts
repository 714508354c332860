// Many `bm profile` commands at once on one config dir (the built binary, --insecure-storage so no
// keychain is involved; the profiles a race starts from are added in process): every add is kept, and the settings and the credentials file agree whatever
// the interleaving. A lock left by a killed bm is broken.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { readSettings } from '../../src/config/settings.js';
import { bmAsync, ensureBuilt, isolatedEnv, type Result } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

before(() => ensureBuilt());

function world() {
  const env = isolatedEnv({ NO_COLOR: '1' });
  // No keychain here: a bus address that goes nowhere (the keychain e2e test covers a real one).
  env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${join(env.HOME!, 'no-bus')}`;
  return { env, cfg: join(env.XDG_CONFIG_HOME!, 'bm') };
}

const keyOf = (name: string) => `key-of-${name}-0123456789`;
const addArgs = (name: string) => ['profile', 'add', name, '--insecure-storage', '--no-verify'];
const input = (name: string) => `${keyOf(name)}\nsecret-${name}\nmemo-${name}\n`;
/** `bm profile add` as a process of its own (the races under test are between processes). */
const add = (env: Record<string, string>, name: string) => bmAsync(addArgs(name), env, input(name));
/** The same in this process: the profiles a race starts from, added one after another. */
const addBefore = (env: Record<string, string>, name: string) => runBm(addArgs(name), env, input(name));

/** The credentials file as stored ({} when absent). */
function fileSecrets(cfg: string): Record<string, { key: string }> {
  const path = join(cfg, 'credentials.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, { key: string }>) : {};
}

/** The two files agree: a profile marked as having credentials has them, and no others are kept. */
function assertConsistent(env: Record<string, string>, cfg: string): string[] {
  const s = readSettings(env);
  const secrets = fileSecrets(cfg);
  const names = Object.keys(s.profiles).sort();
  for (const n of names) {
    assert.ok(s.profiles[n]!.hasCredentials && s.profiles[n]!.insecureStorage, `${n} is marked`);
    assert.equal(secrets[n]?.key, keyOf(n), `${n}'s own secret is in the credentials file`);
  }
  assert.deepEqual(Object.keys(secrets).sort(), names, 'the credentials file holds exactly the profiles');
  if (s.currentProfile !== undefined) assert.ok(s.profiles[s.currentProfile], `current ${s.currentProfile} exists`);
  assert.deepEqual(readdirSync(cfg).filter((f) => !['config.json', 'credentials.json'].includes(f)), [], 'no lock or temporary file left');
  return names;
}

const ok = (r: Result, what: string) => assert.equal(r.code, 0, `${what}: ${r.stderr}`);

test('ten `bm profile add` at once: all ten saved, each with its own secret', { timeout: 120_000 }, async () => {
  const { env, cfg } = world();
  const names = Array.from({ length: 10 }, (_, i) => `p${i}`);
  const results = await Promise.all(names.map((n) => add(env, n)));
  results.forEach((r, i) => ok(r, `add ${names[i]}`));
  assert.deepEqual(assertConsistent(env, cfg), names);
  assert.ok(names.includes(readSettings(env).currentProfile!), 'the first saved became the current one');
});

test('remove, use and add at once: the files agree and hold exactly what survived', { timeout: 120_000 }, async () => {
  const { env, cfg } = world();
  const first = Array.from({ length: 10 }, (_, i) => `p${i}`);
  for (const n of first) ok(await addBefore(env, n), `add ${n}`);
  const removed = first.slice(0, 5);
  const used = first.slice(5);
  const added = ['q0', 'q1', 'q2', 'q3', 'q4'];
  const runs = [
    ...removed.map((n) => bmAsync(['profile', 'remove', n], env)),
    ...used.map((n) => bmAsync(['profile', 'use', n], env)),
    ...added.map((n) => add(env, n)),
  ];
  (await Promise.all(runs)).forEach((r, i) => ok(r, `run ${i}`));
  assert.deepEqual(assertConsistent(env, cfg), [...used, ...added].sort());
  assert.ok(used.includes(readSettings(env).currentProfile!), 'a profile made current and never removed is current');
});

test('adds and removes of one name at once: whatever wins, the files agree', { timeout: 120_000 }, async () => {
  const { env, cfg } = world();
  ok(await addBefore(env, 'x'), 'add x');
  const runs = Array.from({ length: 8 }, (_, i) => (i % 2 ? bmAsync(['profile', 'remove', 'x'], env) : add(env, 'x')));
  for (const r of await Promise.all(runs)) {
    // A remove that finds x already removed says so (exit 5); nothing else fails.
    if (r.code !== 0) assert.match(r.stderr, /no profile named 'x'/, r.stderr);
    assert.ok(r.code === 0 || r.code === 5, r.stderr);
  }
  assertConsistent(env, cfg);
});

test('a lock left by a bm that died is broken: the next command goes on', { timeout: 60_000 }, async () => {
  const { env, cfg } = world();
  mkdirSync(cfg, { recursive: true, mode: 0o700 });
  // The pid of a process that has ended.
  const dead = spawnSync(process.execPath, ['-e', '']).pid!;
  writeFileSync(join(cfg, 'config.lock'), JSON.stringify({ pid: dead, host: hostname(), since: Date.now(), token: 'left' }), { mode: 0o600 });
  ok(await add(env, 'after'), 'add after a dead holder');
  assert.deepEqual(assertConsistent(env, cfg), ['after']);
});
