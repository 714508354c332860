/**
 * Detached conditional orders against the real sandbox behind the fault proxy: `--detach` leaves a runner of
 * its own, `bm algo list|show|logs` read the journal, a runner killed with SIGKILL leaves the algo armed and
 * `bm algo resume` takes it up again, `bm algo cancel` cancels what has not fired, and a detached stop fires
 * once. The commands run in this process; the runners they start are the built binary (src/util/own-bin.ts),
 * and so is the foreground stop that `bm algo cancel` stops with a signal.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { alive } from '../../src/util/alive.js';
import { lockAlgo } from '../../src/core/algo/store.js';
import { spawn } from 'node:child_process';
import { BIN, ensureBuilt, isolatedEnv, type Result } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

const v = useLibraryVenue(59, { USDT: '100000', BTC: '5' });
const SUBMIT = '/spot/v2/submit_order';
let env: Record<string, string>;

after(async () => {
  // A test that failed half-way leaves no runner behind.
  if (!env) return;
  for (const r of await ok(['algo', 'list'])) if (r.runner) process.kill(Number(r.runner), 'SIGTERM');
});

async function ok(args: string[]): Promise<Record<string, string>[]> {
  const r: Result = await runBm([...args, '--json'], env);
  assert.equal(r.code, 0, `bm ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, string>[];
}

/** Polls `bm algo list` until the algo's row satisfies `check` (a generous deadline, named). */
async function listed(id: string, check: (row: Record<string, string>) => boolean, what: string): Promise<Record<string, string>> {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    const row = (await ok(['algo', 'list'])).find((r) => r.algo === id);
    if (row && check(row)) return row;
  }
  throw new Error(`timed out waiting for ${id} to be ${what}`);
}

test('a detached stop survives its runner being killed, is resumed, and is cancelled unsent', async () => {
  ensureBuilt();
  env = isolatedEnv({ BM_BASE_URL: v.proxy.url, BM_API_KEY: v.credentials.key, BM_API_SECRET: v.credentials.secret, BM_API_MEMO: v.credentials.memo });
  const before = v.proxy.count('POST', SUBMIT);
  const [row] = await ok(['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '1', '--detach', '--yes']);
  assert.equal(row!.status, 'armed');
  const id = row!.algo!;
  // `--detach` answers once its runner has taken the algo up: listed running at once, not in a moment.
  const running = (await ok(['algo', 'list'])).find((r) => r.algo === id)!;
  assert.equal(running.state, 'running');
  const pid = Number(running.runner);
  process.kill(pid, 'SIGKILL');
  await listed(id, (r) => r.state === 'stopped' && !alive(pid), 'stopped after its runner was killed');
  // So does `bm algo resume`, and the list it prints shows the new runner.
  const resumed = (await ok(['algo', 'resume', id])).find((r) => r.algo === id)!;
  assert.equal(resumed.state, 'running');
  assert.notEqual(Number(resumed.runner), pid);
  const [cancelled] = await ok(['algo', 'cancel', id, '--yes']);
  assert.equal(cancelled!.status, 'cancelled');
  assert.equal((await listed(id, (r) => r.state === 'cancelled', 'cancelled')).runner, '');
  assert.equal(v.proxy.count('POST', SUBMIT), before, 'nothing was sent');
  const logs = (await ok(['algo', 'logs', id])).map((l) => l.note);
  assert.deepEqual([logs[0], logs.at(-1)], ['armed', 'cancelled: cancelled with bm algo cancel']);
  assert.ok(logs.includes('resumed'));
});

test('a detached stop whose trigger the market is through fires once, shown by bm algo show', async () => {
  const before = v.proxy.count('POST', SUBMIT);
  const [row] = await ok(['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '1000000', '--immediate', '--detach', '--yes']);
  const id = row!.algo!;
  await listed(id, (r) => r.state === 'done', 'done');
  const [leg] = await ok(['algo', 'show', id]);
  assert.equal(leg!.status, 'placed');
  assert.match(leg!.order_id!, /^[0-9]+$/);
  assert.equal(v.proxy.count('POST', SUBMIT) - before, 1);
  const r = await runBm(['algo', 'cancel', id, '--yes'], env);
  assert.equal(r.code, 2, 'an ended algo is not cancelled');
});

test('a stop run in the foreground is listed as running; bm algo cancel stops it (exit 143) and cancels it unsent', async () => {
  const before = v.proxy.count('POST', SUBMIT);
  const fg = spawn(process.execPath, [BIN, 'order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '1', '--yes'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((ok) => fg.once('exit', (code) => ok(code)));
  let id = '';
  fg.stderr.setEncoding('utf8').on('data', (d: string) => (id ||= /algo (a[0-9a-z]+): armed/.exec(d)?.[1] ?? ''));
  for (const end = Date.now() + 30_000; !id && Date.now() < end;) await new Promise((r) => setTimeout(r, 100));
  assert.ok(id, 'the foreground run armed its stop');
  assert.equal(Number((await listed(id, (r) => r.state === 'running', 'running in the foreground')).runner), fg.pid);
  const [cancelled] = await ok(['algo', 'cancel', id, '--yes']);
  assert.equal(cancelled!.status, 'cancelled');
  assert.equal(await exited, 143);
  assert.equal(v.proxy.count('POST', SUBMIT), before);
});

test('a runner that cannot take the algo up (another holds its journal) is an error naming its log, not "started"', async () => {
  const [row] = await ok(['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '1', '--detach', '--yes']);
  const id = row!.algo!;
  const first = Number((await ok(['algo', 'list'])).find((r) => r.algo === id)!.runner);
  process.kill(first, 'SIGKILL');
  await listed(id, (r) => r.state === 'stopped' && !alive(first), 'stopped after its runner was killed');
  // This process holds the journal, as an engine running elsewhere would, without naming itself its runner.
  const release = lockAlgo(env, id);
  try {
    const r = await runBm(['algo', 'resume', id], env);
    assert.equal(r.code, 5, r.stderr);
    // What the runner said is quoted: the journal held by another bm (this process).
    assert.match(r.stderr, new RegExp(`error: algo ${id}: its runner \\(pid \\d+\\) ended \\(5\\) before it took the algo up \\(the conditional order \\S+${id}\\.ndjson is in use by another bm: [^)]*held by process ${process.pid} [^)]*\\); its log: \\S+${id}\\.log`));
    assert.match(r.stderr, new RegExp(`hint: the algo stays armed: start a runner again with: bm algo resume ${id}`));
    assert.doesNotMatch(r.stderr, /runner started/);
  } finally {
    release();
  }
  const [cancelled] = await ok(['algo', 'cancel', id, '--yes']);
  assert.equal(cancelled!.status, 'cancelled');
});
