/**
 * Conditional orders run where they were armed, by a runner proven to be one (src/core/algo/binding.ts,
 * store.ts), against two sandboxes in this process, their markets held still (a trigger is met when a test
 * makes a trade), each behind a fault proxy that counts what reached it. The commands run in process; the
 * runners they start, and the foreground stops that are killed, are the built binary.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { algoJournalPath } from '../../src/core/algo/journal.js';
import { algoFile, keptAlgo, keptAlgos, runnerOf } from '../../src/core/algo/store.js';
import { journalLockPath } from '../../src/core/order/batch-journal-lock.js';
import { alive } from '../../src/util/alive.js';
import { BIN, ensureBuilt, isolatedEnv, type Result } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useStillVenue, type StillVenue } from '../helpers/still-venue.js';

const A = useStillVenue(71, { USDT: '100000', BTC: '5' });
const B = useStillVenue(72, { USDT: '100000', BTC: '5' });
const SUBMIT = '/spot/v2/submit_order';
/** Below the last price (65000) and inside the spread: not met when armed; met by a trade at {@link THROUGH}. */
const TRIGGER = '64999';
const THROUGH = '64998.5';
const LAST = '65000';
const DEADLINE_MS = 60_000;
const envs: Record<string, string>[] = [];
const children: ChildProcess[] = [];

after(() => {
  // A test that failed half-way leaves no runner or stray process behind.
  for (const env of envs) for (const k of keptAlgos(env, () => undefined)) if (k.runner) process.kill(k.runner, 'SIGKILL');
  for (const c of children) c.kill('SIGKILL');
});

const keyed = (v: StillVenue, extra: Record<string, string> = {}) => ({ BM_BASE_URL: v.proxy.url, BM_API_KEY: v.credentials.key, BM_API_SECRET: v.credentials.secret, BM_API_MEMO: v.credentials.memo, ...extra });

function home(v: StillVenue): Record<string, string> {
  ensureBuilt();
  // The last price back above the trigger (a test before may have traded through it).
  v.trade(LAST);
  const env = isolatedEnv(keyed(v));
  envs.push(env);
  return env;
}

/** The same home as `env` (config, state, cache) with other venue and key variables: another shell. */
function shell(env: Record<string, string>, vars: Record<string, string>): Record<string, string> {
  const out = Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('BM_')));
  return { ...out, ...vars };
}

async function ok(env: Record<string, string>, args: string[]): Promise<Record<string, string>[]> {
  const r = await runBm([...args, '--json'], env);
  assert.equal(r.code, 0, `bm ${args.join(' ')}: ${r.stderr}`);
  return ([] as Record<string, string>[]).concat(JSON.parse(r.stdout) as Record<string, string>);
}

async function until<T>(check: () => T | undefined | false, what: string): Promise<T> {
  for (const end = Date.now() + DEADLINE_MS; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const got = check();
    if (got !== undefined && got !== false) return got;
  }
  throw new Error(`timed out after ${DEADLINE_MS / 1000} s waiting for ${what}`);
}

const STOP = ['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.001', '--trigger', TRIGGER];
const submitsOf = (v: StillVenue, cid: string) => v.proxy.seen.filter((s) => s.path === SUBMIT && s.body.includes(`"${cid}"`)).length;
const endOf = (env: Record<string, string>, id: string) => keptAlgo(env, id).record.lines.at(-1)?.st.end;

/** Arms a detached stop on `env`'s venue: its id, its leg's client order id and its runner's pid. */
async function armDetached(env: Record<string, string>): Promise<{ id: string; cid: string; pid: number }> {
  const [row] = await ok(env, [...STOP, '--detach', '--yes']);
  const id = row!.algo!;
  return { id, cid: row!.client_order_id!, pid: runnerOf(env, id) ?? assert.fail('listed without a runner') };
}

async function killRunner(env: Record<string, string>, id: string, pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  await until(() => !alive(pid) && runnerOf(env, id) === undefined, `the runner ${pid} of ${id} to be gone`);
}

test('a resume from a shell of another venue or account is refused with nothing sent anywhere; with the same key it runs where the algo was armed', async () => {
  const env = home(A);
  const { id, cid, pid } = await armDetached(env);
  await killRunner(env, id, pid);
  // The killed runner may have sent a request the proxy reads only now (a loaded machine): B, where it never
  // was, must see nothing at all, and A nothing signed with B's key.
  const [fromA, fromB] = [A.proxy.seen.length, B.proxy.seen.length];

  const other = await runBm(['algo', 'resume', id], shell(env, keyed(B)));
  assert.equal(other.code, 5, other.stderr);
  assert.match(other.stderr, new RegExp(`error: algo ${id} was armed on BM_API_KEY/SECRET/MEMO \\(key [0-9a-f]{16}\\) at ${A.proxy.url}; here the key is [0-9a-f]{16}: nothing was sent`));
  const bare = await runBm(['algo', 'resume', id], shell(env, {}));
  assert.equal(bare.code, 5, bare.stderr);
  assert.match(bare.stderr, /here there are no such credentials: nothing was sent\nhint: set BM_API_KEY, BM_API_SECRET and BM_API_MEMO of key [0-9a-f]{16} in this shell/);
  assert.equal(B.proxy.seen.length, fromB, 'no request reached the shell\'s venue');
  assert.equal(A.proxy.seen.slice(fromA).filter((x) => x.headers['x-bm-key'] === B.credentials.key).length, 0, 'none reached the algo\'s venue with the shell\'s key');
  assert.equal(existsSync(algoFile(env, id, 'log').replace(/algos\/[^/]+$/, 'sandbox')), false, 'no background sandbox was started either');
  assert.equal(runnerOf(env, id), undefined);

  // The same key with another venue's address in the shell: the runner runs on the algo's venue, not the shell's.
  const beforeB = B.proxy.seen.length;
  const resumed = await runBm(['algo', 'resume', id], shell(env, keyed(A, { BM_BASE_URL: B.proxy.url })));
  assert.equal(resumed.code, 0, resumed.stderr);
  A.trade(THROUGH);
  await until(() => endOf(env, id) === 'done', `${id} to fire`);
  assert.equal(submitsOf(A, cid), 1, 'placed once, on the venue it was armed on');
  assert.equal(B.proxy.seen.length, beforeB, 'nothing reached the shell\'s venue');
});

test('a reused pid is no runner: listed stopped, never signalled by a cancel, and a resume starts a runner of its own', async () => {
  const env = home(A);
  const stray = spawn('sleep', ['120'], { stdio: 'ignore' });
  children.push(stray);
  await new Promise((r) => stray.once('spawn', r));
  /** The lock of `id` as its runner, dead, left it, with the pid the system has since given to `sleep`. */
  const reuse = (id: string) => {
    const lock = journalLockPath(algoJournalPath(env, id));
    const held = JSON.parse(readFileSync(lock, 'utf8')) as Record<string, unknown>;
    return () => writeFileSync(lock, JSON.stringify({ ...held, pid: stray.pid }));
  };
  for (const then of ['cancel', 'resume'] as const) {
    const { id, pid } = await armDetached(env);
    const reused = reuse(id);
    await killRunner(env, id, pid);
    reused();
    const row = (await ok(env, ['algo', 'list'])).find((r) => r.algo === id)!;
    assert.deepEqual([row.state, row.runner], ['stopped', '']);
    if (then === 'cancel') {
      const [leg] = await ok(env, ['algo', 'cancel', id, '--yes']);
      assert.equal(leg!.status, 'cancelled');
    } else {
      const [listed] = (await ok(env, ['algo', 'resume', id])).filter((r) => r.algo === id);
      assert.equal(listed!.state, 'running');
      assert.notEqual(Number(listed!.runner), stray.pid);
      await ok(env, ['algo', 'cancel', id, '--yes']);
    }
    assert.ok(alive(stray.pid!) && stray.exitCode === null && stray.signalCode === null, `${then}: the unrelated process is untouched`);
  }
});

/** A stop run in the foreground by the built binary, once it is listed as its own runner. */
async function foreground(env: Record<string, string>): Promise<{ child: ChildProcess; id: string; stderr: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [BIN, ...STOP, '--yes'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  // 'close', not 'exit': its stderr may still be read after it exited, and what it said last is asserted.
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
  const id = await until(() => /algo (a[0-9a-z]+): armed/.exec(err)?.[1], 'the foreground stop to arm');
  await until(() => runnerOf(env, id) === child.pid, 'the foreground stop to hold its journal');
  return { child, id, stderr: () => err, exited };
}

test('a foreground stop killed outright, or stopped by SIGTERM, is resumed from its journal alone and fires once', async () => {
  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    const env = home(A);
    const fg = await foreground(env);
    fg.child.kill(signal);
    const code = await fg.exited;
    if (signal === 'SIGTERM') {
      assert.equal(code, 143);
      assert.match(fg.stderr(), new RegExp(`hint: take it up again with: bm algo resume ${fg.id}`));
    }
    await until(() => runnerOf(env, fg.id) === undefined, 'the journal let go');
    // Any command says that an armed stop is watched by no one, and how to take it up.
    const r: Result = await runBm(['time'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`bm: warning: conditional order ${fg.id} is armed but no runner is running: nothing watches it; resume with: bm algo resume --all`));
    if (signal === 'SIGKILL') {
      const doctor = await runBm(['doctor', '--json'], env);
      const row = (JSON.parse(doctor.stdout) as Array<Record<string, string>>).find((c) => c.check === 'algos')!;
      assert.deepEqual([row.status, row.fix], ['warn', 'bm algo resume --all'], doctor.stderr);
      assert.match(row.detail!, new RegExp(`1 of 1 armed conditional order no runner holds: ${fg.id}`));
    }
    const resumed = await runBm(['algo', 'resume', '--all'], env);
    assert.equal(resumed.code, 0, `${signal}: ${resumed.stderr}`);
    assert.match(resumed.stderr, new RegExp(`algo ${fg.id}: runner started`));
    A.trade(THROUGH);
    await until(() => endOf(env, fg.id) === 'done', `${fg.id} to fire after ${signal}`);
    assert.equal(submitsOf(A, `${fg.id}stop`), 1, `${signal}: placed once`);
    assert.doesNotMatch((await runBm(['time'], env)).stderr, /warning/, 'nothing armed is left unwatched');
  }
});

test('a runner whose journal is removed stops at once, says so in its log, and sends nothing', async () => {
  const env = home(A);
  const { id, cid, pid } = await armDetached(env);
  rmSync(algoJournalPath(env, id));
  await until(() => !alive(pid), `the runner ${pid} to stop`);
  assert.match(readFileSync(algoFile(env, id, 'log'), 'utf8'), new RegExp(`algo ${id}: its journal \\S+ was removed or replaced: this runner stops and sends nothing more`));
  A.trade(THROUGH);
  const r = await runBm(['algo', 'list'], env);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(submitsOf(A, cid), 0);
});
