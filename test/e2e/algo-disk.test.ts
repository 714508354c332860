/**
 * A conditional order whose journal's disk fills up after its leg left: the run still reports what the
 * venue proved, never "nothing more is sent" over a placed order, and once there is room a resume settles
 * the journal by looking the leg up, sending nothing twice. The stop runs in process; the resumed runner is
 * the binary. The full disk is the system's answer to the journal's writes, ENOSPC, given for that file
 * alone (a real disk fills by whole blocks: a journal's next line may still fit in its last one).
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import fs, { existsSync, readlinkSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { after, test } from 'node:test';
import { algoJournalPath } from '../../src/core/algo/journal.js';
import { keptAlgo, keptAlgos } from '../../src/core/algo/store.js';
import { isolatedEnv, ensureBuilt, within } from '../helpers/bm.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { envelope } from '../helpers/fault-proxy.js';
import { useStillVenue } from '../helpers/still-venue.js';

const A = useStillVenue(73, { USDT: '100000', BTC: '5' });
const SUBMIT = '/spot/v2/submit_order';
let env: Record<string, string>;

after(() => {
  for (const k of env ? keptAlgos(env, () => undefined) : []) if (k.runner) process.kill(k.runner, 'SIGKILL');
});

/** From now on every write to the file at `path` fails as on a full disk; the way back. */
function fullDiskFor(path: string): () => void {
  const write = fs.writeSync;
  fs.writeSync = ((fd: number, ...rest: unknown[]) => {
    let target = '';
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      // not a file of this process's: written as asked
    }
    if (target === path) throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    return (write as (...a: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync;
  syncBuiltinESMExports();
  return () => {
    fs.writeSync = write;
    syncBuiltinESMExports();
  };
}

async function until<T>(check: () => T | undefined | false, what: string): Promise<T> {
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const got = check();
    if (got !== undefined && got !== false) return got;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Waits for the leg to reach the venue; failing, stops the runner (`stop`: its faults lifted, then Ctrl-C, so
 * it cannot hold the test process open) and says what it printed and what the venue was asked since `from`.
 */
async function legArrives(there: Promise<void>, stderr: () => string, from: number, stop: () => void): Promise<void> {
  try {
    await within(there, 'the leg to reach the venue');
  } catch (err) {
    stop();
    const asked = A.proxy.seen.slice(from).map((s) => `${s.method} ${s.path}`).join(', ');
    throw new Error(`${(err as Error).message}; the runner said: ${stderr() || '(nothing)'}; the venue was asked: ${asked || '(nothing)'}`);
  }
}

test('the journal\'s disk full after the leg left: the placed order is reported (exit 0), and a resume settles the journal', async () => {
  ensureBuilt();
  env = isolatedEnv({ BM_BASE_URL: A.proxy.url, BM_API_KEY: A.credentials.key, BM_API_SECRET: A.credentials.secret, BM_API_MEMO: A.credentials.memo });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let arrived!: () => void;
  const there = new Promise<void>((r) => (arrived = r));
  A.proxy.add({ method: 'POST', path: SUBMIT, times: 1, when: () => (arrived(), true), fault: { kind: 'delay', until: held } });
  let stderr = '';
  const from = A.proxy.seen.length;
  const signals = new EventEmitter();
  const run = runCli(['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.001', '--trigger', '64999', '--yes', '--json'], { env, signals, onStderr: (_c, all) => (stderr = all) });
  const id = await until(() => /algo (a[0-9a-z]+): armed/.exec(stderr)?.[1], 'the stop to arm');
  A.trade('64998.5');
  await legArrives(there, () => stderr, from, () => (release(), signals.emit('SIGINT')));
  // The leg is on its way (journaled `sending`, flushed); now the disk is full before its outcome can be written.
  const room = fullDiskFor(algoJournalPath(env, id));
  release();
  const r = await within(run.finally(room), 'the stop to end');
  assert.equal(r.code, 0, r.stderr);
  const [row] = JSON.parse(r.stdout) as Array<Record<string, string>>;
  assert.equal(row!.status, 'placed');
  assert.match(row!.order_id!, /^[0-9]+$/);
  assert.match(r.stderr, new RegExp(`bm: algo ${id}: its journal \\S+ could not be written \\(ENOSPC\\); not recorded: stop: order ${row!.order_id} placed \\(client order id ${id}stop\\)`));
  assert.doesNotMatch(r.stderr, /^error:/m);
  assert.equal(A.proxy.count('POST', SUBMIT), 1);

  // The journal still says the leg is being sent: with room again, a resume finds it by its client order id.
  assert.equal(keptAlgo(env, id).record.lines.at(-1)!.st.legs.stop!.status, 'sending');
  const resumed = await runBm(['algo', 'resume', id], env);
  assert.equal(resumed.code, 0, resumed.stderr);
  await until(() => keptAlgo(env, id).record.lines.at(-1)!.st.end === 'done', `${id} settled`);
  const legs = keptAlgo(env, id).record.lines.at(-1)!.st.legs;
  assert.deepEqual([legs.stop!.status, legs.stop!.orderId], ['placed', row!.order_id]);
  assert.equal(A.proxy.count('POST', SUBMIT), 1, 'never sent again');
  assert.ok(existsSync(algoJournalPath(env, id)));
});

test('the journal\'s disk full while a leg\'s outcome is unknown (its answer lost, its lookup failing): exit 11 naming its client order id, never exit 1', async () => {
  A.trade('65000');
  const e = isolatedEnv({ BM_BASE_URL: A.proxy.url, BM_API_KEY: A.credentials.key, BM_API_SECRET: A.credentials.secret, BM_API_MEMO: A.credentials.memo });
  let arrived!: () => void;
  const there = new Promise<void>((r) => (arrived = r));
  // The submit reaches the venue and its answer is lost; the lookups that follow fail.
  const rules = [
    A.proxy.add({ method: 'POST', path: SUBMIT, times: 1, fault: { kind: 'cut' }, held: () => arrived() }),
    A.proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'reply', answer: envelope(500, 59002, 'Internal Server Error') } }),
  ];
  let stderr = '';
  let room = () => undefined as void;
  const from = A.proxy.seen.length;
  const signals = new EventEmitter();
  const run = runCli(['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.001', '--trigger', '64999', '--yes', '--json'], { env: e, signals, onStderr: (_c, all) => (stderr = all) });
  const id = await until(() => /algo (a[0-9a-z]+): armed/.exec(stderr)?.[1], 'the stop to arm');
  A.trade('64998.5');
  await legArrives(there, () => stderr, from, () => (rules.forEach((remove) => remove()), signals.emit('SIGINT')));
  room = fullDiskFor(algoJournalPath(e, id));
  const r = await within(run.finally(() => room()), 'the stop to end');
  for (const remove of rules) remove();
  assert.equal(r.code, 11, r.stderr);
  assert.match(r.stderr, new RegExp(`leg stop may have been sent \\(client order id ${id}stop\\): its outcome is unknown`));
  assert.match(r.stderr, new RegExp(`hint: look it up with: bm order get BTC_USDT --client-order-id ${id}stop`));
});
