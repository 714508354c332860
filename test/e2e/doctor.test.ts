import assert from 'node:assert/strict';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';

interface Row { check: string; status: string; detail: string; fix?: string }

const CHECKS = ['config', 'keychain', 'proxy', 'rest', 'clock', 'websocket', 'credentials', 'algos'];
const h = useSandbox(11, { strict: true });
let made: Promise<Record<string, string>> | undefined;
/** The credentials of a paper account made as a user makes one (on first use, once the sandbox is up). */
const account = () => (made ??= (async () => {
  const r = await runBm(['--base-url', h.base(), 'sandbox', 'account', 'create', '--json'], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
  return { BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo };
})());

/** A fresh home whose keychain probe gives up quickly where no keychain runs. */
const home = (extra: Record<string, string> = {}) => isolatedEnv({ BM_KEYCHAIN_TIMEOUT: '2000', ...extra });
const byCheck = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.check, r]));

test('doctor -o json against a live sandbox with good credentials: every check, all but the keychain ok, exit 0', async () => {
  const creds = await account();
  const r = await runBm(['doctor', '--base-url', h.base(), '-o', 'json'], home(creds));
  assert.equal(r.code, 0, r.stderr);
  const rows = JSON.parse(r.stdout) as Row[];
  assert.deepEqual(rows.map((x) => x.check), CHECKS);
  const c = byCheck(rows);
  for (const name of ['config', 'proxy', 'rest', 'clock', 'websocket', 'credentials', 'algos']) assert.equal(c[name]!.status, 'ok', `${name}: ${c[name]!.detail}`);
  // Whether an OS keychain runs depends on the machine: either way the line names the backend.
  assert.match(c.keychain!.status, /^(ok|warn)$/);
  assert.match(c.keychain!.detail, /Secret Service|Keychain|Credential Manager/);
  if (c.keychain!.status === 'warn') assert.match(c.keychain!.fix ?? '', /--insecure-storage/);
  assert.match(c.proxy!.detail, /^none for http:\/\/127\.0\.0\.1:/);
  assert.match(c.rest!.detail, /answers in [0-9]+ ms$/);
  assert.match(c.clock!.detail, /^offset -?[0-9]+ ms from the venue$/);
  assert.match(c.websocket!.detail, new RegExp(`^${h.base().replace(/^http/, 'ws').replace(/[.]/g, '\\.')}/api\\?protocol=1\\.1 answers ping in [0-9]+ ms$`));
  assert.match(c.credentials!.detail, new RegExp(`key \\.\\.\\.${creds.BM_API_KEY!.slice(-4)}\\)$`));
  assert.doesNotMatch(r.stdout + r.stderr, new RegExp(creds.BM_API_SECRET!));
});

test('doctor -o ndjson: one object per check, each with a status', async () => {
  const r = await runBm(['doctor', '--base-url', h.base(), '-o', 'ndjson'], home(await account()));
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Row);
  assert.deepEqual(rows.map((x) => x.check), CHECKS);
  for (const x of rows) assert.match(x.status, /^(ok|warn|fail|skip)$/);
});

test('doctor with a wrong secret: credentials fail with the memo hint, exit 5', async () => {
  const r = await runBm(['doctor', '--base-url', h.base(), '-o', 'json'], home({ ...(await account()), BM_API_SECRET: '0'.repeat(64) }));
  assert.equal(r.code, 5, r.stderr);
  const c = byCheck(JSON.parse(r.stdout) as Row[]);
  assert.equal(c.rest!.status, 'ok');
  assert.equal(c.credentials!.status, 'fail');
  assert.match(c.credentials!.detail, /memo/);
  assert.ok(c.credentials!.fix, 'says what to do');
  assert.match(r.stderr, /^error: 1 check failed: credentials$/m);
  assert.match(r.stderr, /^hint: /m);
});

test('doctor against an unreachable venue: rest and websocket fail with what to do, the clock is skipped, exit 5', async () => {
  const r = await runBm(['doctor', '--base-url', 'http://127.0.0.1:1', '-o', 'json'], home());
  assert.equal(r.code, 5, r.stderr);
  const c = byCheck(JSON.parse(r.stdout) as Row[]);
  assert.equal(c.rest!.status, 'fail');
  assert.equal(c.websocket!.status, 'fail');
  assert.match(c.websocket!.detail, /^ws:\/\/127\.0\.0\.1:1\/api\?protocol=1\.1: /);
  assert.ok(c.rest!.fix && c.websocket!.fix);
  assert.equal(c.clock!.status, 'skip');
  assert.equal(c.credentials!.status, 'warn', 'no credentials configured');
  assert.match(r.stderr, /checks failed: rest, websocket/);
});

test('doctor with a config dir readable by others: config fails with the chmod fix', async () => {
  const env = home(await account());
  const dir = join(env.XDG_CONFIG_HOME!, 'bm');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const r = await runBm(['doctor', '--base-url', h.base(), '-o', 'json'], env);
  assert.equal(r.code, 5, r.stderr);
  const c = byCheck(JSON.parse(r.stdout) as Row[]);
  assert.equal(c.config!.status, 'fail');
  assert.match(c.config!.detail, /is 755/);
  assert.equal(c.config!.fix, `chmod 700 ${dir}; chmod 600 ${join(dir, 'config.json')}`);
});

test('doctor on a terminal-less run prints one tsv line per check: name, status, detail, fix', async () => {
  const r = await runBm(['doctor', '--base-url', h.base()], home(await account()));
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n').map((l) => l.split('\t'));
  assert.deepEqual(lines.map((l) => l[0]), CHECKS);
  assert.ok(lines.every((l) => /^(ok|warn|fail|skip)$/.test(l[1]!)));
});
