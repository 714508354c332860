/**
 * The library's side of the conditional orders' life, as the command line's use case runs it: `detach`
 * hands an algo to a runner of its own (the built binary, given the client's credentials) and resolves once
 * that runner holds it; `list`, `show`, `resume` and `cancel` act on what this machine holds; a cancel from
 * the process that runs the algo stops that run, never the process; a bracket plans in the library's words.
 * Against the sandbox in this process behind the fault proxy, which counts what reached the venue.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { BmError, Client, type AlgoResult } from '../../src/lib/index.js';
import { alive } from '../../src/util/alive.js';
import { isolatedEnv, ensureBuilt, within } from '../helpers/bm.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

/** `client.algo`'s kinds by name (the source's type is open: any name, the registry decides on the call). */
const kinds = (c: Client) => c.algo as Client['algo'] & Record<'stop' | 'oco' | 'twap' | 'bracket' | 'iceberg' | 'alert', (params: object, opts?: object) => Promise<AlgoResult>>;

const venue = useLibraryVenue(57, { USDT: '100000', BTC: '5' });
const env = isolatedEnv();
const SUBMIT = '/spot/v2/submit_order';
const client = (onNote?: (l: string) => void) => new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000, ...(onNote ? { onNote } : {}) });
const runners: number[] = [];

after(() => {
  for (const pid of runners) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const got = await check();
    if (got !== undefined) return got;
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('detach: a runner of its own holds it; list and show see it running; a killed runner is listed stopped and resumed; cancel sends nothing', async () => {
  ensureBuilt();
  const c = client();
  const before = venue.proxy.count('POST', SUBMIT);
  const r = await kinds(c).stop({ symbol: 'BTC_USDT', side: 'sell', size: '0.01', trigger: '1' }, { detach: true });
  assert.equal(r.end, 'armed');
  assert.ok(r.runner && alive(r.runner), 'its runner is alive');
  runners.push(r.runner);
  const listed = (await c.algo.list()).find((a) => a.id === r.id)!;
  assert.deepEqual([listed.state, listed.runner, listed.kind, listed.side], ['running', r.runner, 'stop', 'sell']);
  assert.equal((await c.algo.show('last')).id, r.id);
  process.kill(r.runner, 'SIGKILL');
  await until(async () => ((await c.algo.show(r.id)).state === 'stopped' ? true : undefined), 'the algo to be listed stopped');
  const resumed = await c.algo.resume(r.id);
  assert.equal(resumed.state, 'running');
  assert.ok(resumed.runner && resumed.runner !== r.runner);
  runners.push(resumed.runner);
  const cancelled = await c.algo.cancel(r.id);
  assert.deepEqual([cancelled.end, cancelled.legs[0]!.status], ['cancelled', 'cancelled']);
  assert.equal(venue.proxy.count('POST', SUBMIT), before, 'nothing was sent');
  await assert.rejects(c.algo.cancel(r.id), (e: unknown) => e instanceof BmError && e.category === 'usage' && /already ended/.test(e.message));
  await c.close();
});

test('an alert is listed without a side (it places no order); cancelled, it sends nothing', async () => {
  const before = venue.proxy.count('POST', SUBMIT);
  let id = '';
  const c = client((l) => (id ||= /algo (a[0-9a-z]+): armed/.exec(l)?.[1] ?? ''));
  const running = kinds(c).alert({ symbol: 'BTC_USDT', above: '100000000' }).then(() => undefined, (e: unknown) => e);
  await until(async () => (id ? true : undefined), 'the alert to arm');
  try {
    const listed = (await c.algo.list()).find((a) => a.id === id);
    assert.deepEqual([listed?.kind, listed?.state, listed && 'side' in listed], ['alert', 'running', false]);
  } finally {
    assert.equal((await c.algo.cancel(id)).end, 'cancelled');
    await within(running, 'the cancelled alert to end');
  }
  assert.equal(venue.proxy.count('POST', SUBMIT), before);
  await c.close();
});

test('a cancel from the process that runs the algo stops that run (no signal to itself): the call rejects as interrupted, nothing sent', async () => {
  const before = venue.proxy.count('POST', SUBMIT);
  let id = '';
  const c = client((l) => (id ||= /algo (a[0-9a-z]+): armed/.exec(l)?.[1] ?? ''));
  const running = kinds(c).stop({ symbol: 'BTC_USDT', side: 'sell', size: '0.01', trigger: '1' }).then(() => undefined, (e: unknown) => e);
  await until(async () => (id ? true : undefined), 'the stop to arm');
  const cancelled = await c.algo.cancel(id);
  assert.equal(cancelled.end, 'cancelled');
  const e = await within(running, 'the cancelled run to end');
  assert.ok(e instanceof BmError && e.category === 'interrupted', String(e));
  assert.equal(venue.proxy.count('POST', SUBMIT), before);
  await c.close();
});

test('a bracket in the library\'s words: planned with its exits waiting on the entry, judged against the entry price', async () => {
  const c = client();
  const r = await kinds(c).bracket({ symbol: 'BTC_USDT', side: 'buy', size: '0.01', price: '60000', stop: '58000', take_profit: '64000' }, { dryRun: true });
  assert.deepEqual(r.legs.map((l) => l.leg), ['entry', 'tp', 'stop']);
  assert.match(r.legs[1]!.note, /^tp: once entry fills, for what filled of it, when a trade is at or above 64000: market SELL 0.01 BTC/);
  await assert.rejects(kinds(c).bracket({ symbol: 'BTC_USDT', side: 'buy', size: '0.01', price: '60000', stop: '61000' }), (e: unknown) => e instanceof BmError && e.category === 'usage' && /^stop: a buy entry's stop must be below its price 60000/.test(e.message));
  await assert.rejects(kinds(c).iceberg({ symbol: 'BTC_USDT' }), (e: unknown) => e instanceof BmError && e.category === 'usage' && /^algo\.iceberg: not a kind of conditional order/.test(e.message));
  await c.close();
});
