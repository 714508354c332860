// Two runs of `bm` in one process (test/helpers/in-process.ts) see nothing of each other: each its own
// environment, profile, settings and state (two HOMEs), its own output settings, its own Ctrl-C and its own
// clock; run side by side against the in-process sandbox, as the in-process test files do.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { isolatedEnv, until } from '../../helpers/bm.js';
import { fakeClock } from '../../helpers/fake-clock.js';
import { runCli } from '../../helpers/in-process.js';
import { useLibraryVenue } from '../../helpers/library-venue.js';
import { parseJson, scalarText } from '../../../src/util/json.js';

const v = useLibraryVenue(23, { USDT: '111' });

/** A HOME with a profile `main` of its own account (USDT deposited) in the settings, the secrets in a file. */
async function home(usdt: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const env = isolatedEnv(extra);
  const c = await v.venue.createAccount({ deposit: { USDT: usdt } });
  const add = await runCli(['profile', 'add', 'main', '--base-url', v.venue.url, '--insecure-storage', '--no-verify'], { env, stdin: `${c.key}\n${c.secret}\n${c.memo}\n` });
  assert.equal(add.code, 0, add.stderr);
  return env;
}

const usdtOf = (stdout: string): string => {
  const w = parseJson(stdout) as { wallet: Array<{ id: string; available: unknown }> };
  return scalarText(w.wallet.find((x) => x.id === 'USDT')?.available);
};

test('two runs side by side: each reads its own environment, profile and settings, never the other\'s', async () => {
  const a = await home('1234', { BM_OUTPUT: 'json' });
  const b = await home('5678', { BM_OUTPUT: 'tsv' });
  for (let i = 0; i < 3; i++) {
    const [ra, rb, la, lb] = await Promise.all([
      runCli(['wallet', '--json'], { env: a }), runCli(['wallet', '--json'], { env: b }),
      runCli(['profile', 'list'], { env: a }), runCli(['currencies'], { env: b }),
    ]);
    assert.equal(ra.code, 0, ra.stderr);
    assert.equal(rb.code, 0, rb.stderr);
    assert.equal(usdtOf(ra.stdout), '1234', "a's profile, a's account");
    assert.equal(usdtOf(rb.stdout), '5678', "b's profile, b's account");
    assert.equal(la.code, 0, la.stderr);
    assert.doesNotThrow(() => parseJson(la.stdout), `BM_OUTPUT=json of a: ${la.stdout}`);
    assert.equal(lb.code, 0, lb.stderr);
    assert.ok(!lb.stdout.trimStart().startsWith('{') && lb.stdout.includes('\t'), `BM_OUTPUT=tsv of b: ${lb.stdout}`);
  }
  // A profile added in one HOME is not in the other's settings, and the one in use is each HOME's.
  const other = await runCli(['profile', 'add', 'only-a', '--base-url', v.venue.url, '--insecure-storage', '--no-verify'], { env: a, stdin: 'k\ns\nm\n' });
  assert.equal(other.code, 0, other.stderr);
  const [listA, listB] = await Promise.all([runCli(['profile', 'list', '--json'], { env: a }), runCli(['profile', 'list', '--json'], { env: b })]);
  assert.match(listA.stdout, /only-a/);
  assert.doesNotMatch(listB.stdout, /only-a/);
});

test('Ctrl-C reaches the run it is sent to, not another run in the same process', async () => {
  const env = isolatedEnv();
  const before = process.listenerCount('SIGINT');
  const streaming = (signals: EventEmitter) => {
    let out = '';
    let started!: () => void;
    const first = new Promise<void>((ok) => (started = ok));
    const done = runCli(['--base-url', v.venue.url, 'watch', 'ticker', 'BTC_USDT', '-o', 'ndjson'], { env, signals, onStdout: (_c, all) => ((out = all), started()) });
    return { first, done, out: () => out };
  };
  const sa = new EventEmitter();
  const sb = new EventEmitter();
  const a = streaming(sa);
  const b = streaming(sb);
  try {
    await Promise.all([a.first, b.first]);
    assert.equal(process.listenerCount('SIGINT'), before, 'neither listens on the process');
    sa.emit('SIGINT');
    const ra = await a.done;
    assert.equal(ra.code, 130, ra.stderr);
    assert.equal(sa.listenerCount('SIGINT'), 0, 'a let go of its own signals');
    assert.equal(sb.listenerCount('SIGINT'), 1, 'b still listens on its own');
    // b goes on streaming after a ended: it prints more.
    const mark = b.out().length;
    await until(() => b.out().length > mark, 'b to print after a was interrupted', 30_000);
  } finally {
    sb.emit('SIGINT');
  }
  assert.equal((await b.done).code, 130);
});

test('a request that hangs times out when the run\'s clock says, whatever the real time: the other run\'s clock does not move it', async () => {
  const env = isolatedEnv();
  const mine = fakeClock(Date.now());
  const other = fakeClock(Date.now());
  let held!: () => void;
  const holding = new Promise<void>((ok) => (held = ok));
  const off = v.proxy.add({ method: 'GET', path: '/spot/v1/ticker', times: 1, fault: { kind: 'hang' }, held: () => held() });
  try {
    let ended = false;
    const hung = runCli(['--base-url', v.proxy.url, '--timeout', '60000', 'ticker', 'BTC_USDT'], { env, clock: mine }).finally(() => (ended = true));
    await holding;
    // Another run on another clock, moved past the timeout, answered in the meantime: the hung one waits on.
    const beside = runCli(['--base-url', v.proxy.url, '--timeout', '60000', 'ticker', 'BTC_USDT'], { env, clock: other });
    other.advance(60_000);
    assert.equal((await beside).code, 0);
    assert.equal(ended, false, 'the hung request is still out');
    mine.advance(59_999);
    await new Promise((ok) => setImmediate(ok));
    assert.equal(ended, false, 'not yet at its timeout');
    mine.advance(1);
    const r = await hung;
    assert.equal(r.code, 8, r.stderr);
    assert.match(r.stderr, /timed out after 60000 ms/);
  } finally {
    off();
  }
});
