// bm never shows a secret or memo: add, list, show, test (also with -v) and their failures, with the
// secrets fed on stdin and the sandbox checking signatures (bm run in this process).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startVenue, type Venue } from '../helpers/venue.js';
import type { Result } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

// An account of the sandbox: its key, secret and memo are what must never show.
let KEY = '';
let SECRET = '';
let MEMO = '';
const lines = (k: string, s: string, m: string) => `${k}\n${s}\n${m}\n`;

let venue: Venue;
before(async () => {
  venue = await startVenue();
  ({ key: KEY, secret: SECRET, memo: MEMO } = venue.account());
});
after(() => venue.close());

function world() {
  const root = mkdtempSync(join(tmpdir(), 'bm-e2e-prof-'));
  const cfg = join(root, 'cfg');
  const env = {
    PATH: process.env.PATH ?? '', HOME: root, NO_COLOR: '1', BM_CONFIG_DIR: cfg, BM_STATE_DIR: join(root, 'state'),
    // No keychain here: a bus address that goes nowhere (the keychain e2e test covers a real one).
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(root, 'no-bus')}`,
  };
  return { env, cfg, bm: (args: string[], stdin = '') => runBm(args, env, stdin) };
}

/** Nothing secret in what a run printed. */
function clean(r: Result, label: string, alsoKey = false): void {
  const all = r.stdout + r.stderr;
  assert.ok(!all.includes(SECRET), `${label}: secret printed`);
  assert.ok(!all.includes(MEMO), `${label}: memo printed`);
  if (alsoKey) assert.ok(!all.includes(KEY), `${label}: full key printed`);
}

const mode = (p: string) => statSync(p).mode & 0o777;

test('no keychain: add fails with exit 5 before asking, naming --insecure-storage; nothing saved', async () => {
  const w = world();
  const r = await w.bm(['profile', 'add', 'main', '--base-url', venue.url], lines(KEY, SECRET, MEMO));
  assert.equal(r.code, 5, r.stderr);
  assert.match(r.stderr, /keychain is not reachable/);
  assert.match(r.stderr, /hint: .*--insecure-storage/);
  clean(r, 'add');
  assert.equal(existsSync(join(w.cfg, 'config.json')), false);
});

test('a wrong memo: exit 4, the memo explained, nothing saved, nothing secret printed', async () => {
  const w = world();
  const r = await w.bm(['profile', 'add', 'main', '--base-url', venue.url, '--insecure-storage', '-v'], lines(KEY, SECRET, 'wrong-memo-xyz'));
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, /signature rejected: usually a wrong memo \(the label chosen when the key was created, not the account id\) or secret/);
  assert.match(r.stderr, /code 30005/);
  clean(r, 'add wrong memo', true);
  assert.ok(!r.stderr.includes('wrong-memo-xyz'));
  assert.deepEqual(existsSync(w.cfg) ? readdirSync(w.cfg) : [], []);
});

test('an unknown key and an unreachable venue say so (exit 4, exit 8)', async () => {
  const w = world();
  const unknown = await w.bm(['profile', 'add', 'main', '--base-url', venue.url, '--insecure-storage'], lines('NOPEKEY123456', SECRET, MEMO));
  assert.equal(unknown.code, 4);
  assert.match(unknown.stderr, /unknown API key/);
  clean(unknown, 'unknown key');
  const down = await w.bm(['profile', 'add', 'main', '--base-url', 'http://127.0.0.1:1', '--insecure-storage'], lines(KEY, SECRET, MEMO));
  assert.equal(down.code, 8);
  assert.match(down.stderr, /venue unreachable: http:\/\/127\.0\.0\.1:1/);
  clean(down, 'unreachable');
});

test('secrets are not accepted as flags', async () => {
  const w = world();
  const r = await w.bm(['profile', 'add', 'main', '--secret', SECRET]);
  assert.equal(r.code, 2);
});

test('add, list, show, test, use, remove: works, files 0600/0700, never a secret or memo in output', async () => {
  const w = world();
  const add = await w.bm(['profile', 'add', 'main', '--base-url', venue.url, '--insecure-storage', '-v'], lines(KEY, SECRET, MEMO));
  assert.equal(add.code, 0, add.stderr);
  assert.match(add.stderr, /warning: .*unencrypted/);
  assert.match(add.stderr, /verified/);
  clean(add, 'add', true);
  assert.equal(mode(w.cfg), 0o700);
  assert.equal(mode(join(w.cfg, 'config.json')), 0o600);
  assert.equal(mode(join(w.cfg, 'credentials.json')), 0o600);
  assert.ok(!readFileSync(join(w.cfg, 'config.json'), 'utf8').includes(SECRET));

  const list = await w.bm(['profile', 'list', '-o', 'json']);
  assert.equal(list.code, 0, list.stderr);
  assert.deepEqual(JSON.parse(list.stdout), [
    { name: 'main', current: true, venue: 'custom', base_url: venue.url, storage: 'file (insecure)', credentials: true },
  ]);
  clean(list, 'list', true);

  const show = await w.bm(['profile', 'show', 'main', '--json']);
  assert.equal(show.code, 0, show.stderr);
  const shown = JSON.parse(show.stdout) as Record<string, unknown>;
  assert.equal(shown.key, `${'*'.repeat(KEY.length - 4)}${KEY.slice(-4)}`);
  assert.ok(!('secret' in shown) && !('memo' in shown));
  clean(show, 'show', true);

  for (const args of [['profile', 'test', 'main', '-v'], ['profile', 'test', '-v'], ['sign-test', 'get', '-v']]) {
    const r = await w.bm(args);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    clean(r, args.join(' '), true);
  }

  const use = await w.bm(['profile', 'use', 'sandbox']);
  assert.equal(use.code, 0);
  const rm = await w.bm(['profile', 'remove', 'main']);
  assert.equal(rm.code, 0, rm.stderr);
  assert.equal(existsSync(join(w.cfg, 'credentials.json')), false);
  assert.deepEqual(JSON.parse(readFileSync(join(w.cfg, 'config.json'), 'utf8')), { currentProfile: 'sandbox', profiles: {} });
  const gone = await w.bm(['profile', 'show', 'main']);
  assert.equal(gone.code, 5);
});

test('--no-verify saves unchecked credentials; test then says what fails', async () => {
  const w = world();
  const add = await w.bm(['profile', 'add', 'x', '--base-url', venue.url, '--insecure-storage', '--no-verify'], lines(KEY, SECRET, 'bad-memo-1'));
  assert.equal(add.code, 0, add.stderr);
  const t = await w.bm(['profile', 'test', 'x', '-v']);
  assert.equal(t.code, 4);
  assert.match(t.stderr, /wrong memo/);
  assert.ok(!t.stderr.includes('bad-memo-1') && !t.stderr.includes(SECRET));
});

test('BM_API_KEY/SECRET/MEMO override the profile in profile test', async () => {
  const w = world();
  await w.bm(['profile', 'add', 'x', '--base-url', venue.url, '--insecure-storage', '--no-verify'], lines('NOPEKEY123456', 'nope', 'nope'));
  const r = await runBm(['profile', 'test', '-o', 'json'], { ...w.env, BM_API_KEY: KEY, BM_API_SECRET: SECRET, BM_API_MEMO: MEMO });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as Record<string, unknown>;
  assert.equal(out.credentials, 'environment');
  assert.equal(out.result, 'ok');
  clean(r, 'env test', true);
});
