/**
 * A detached stop on a machine whose clock is an hour ahead of the venue's: `bm order stop --detach` and
 * the runner it starts are the built binary with Date.now shifted (test/helpers/clock-shift.mjs, through
 * NODE_OPTIONS, which the runner inherits). The venue is the strict sandbox in process, its market held
 * still so that a trade happens only when the test makes one: a trade from before the stop was armed never
 * fires it, the first trade after does, and the stop is sent once.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as pause } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { algoFile } from '../../src/core/algo/store.js';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { bmAsync, ensureBuilt, isolatedEnv, until } from '../helpers/bm.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { runBm } from '../helpers/in-process.js';

const H = 3_600_000;
const SUBMIT = '/spot/v2/submit_order';
let server: RunningSandbox;
let proxy: FaultProxy;
let owner: SandboxAccount;
let trader: SandboxAccount;
let env: Record<string, string> | undefined;

/**
 * ms the venue's clock is behind the system's: the trade from before the stop is stamped this far in the past.
 * A runner places its arming on the venue's clock at the earliest its read of that clock allows (up to half the
 * read's round trip before it, so that no trade after the arming is missed); on a loaded machine that can be
 * longer than the moments between a trade and a `bm order stop` started just after it.
 */
let venueBehind = 0;

before(async () => {
  const held = Date.now();
  server = await startServer({ port: 0, log: () => undefined, strict: true, warmUpMs: 0, marketClock: () => held, clock: () => Date.now() - venueBehind });
  proxy = await startFaultProxy(server.url);
  owner = server.exchange.createAccount({ USDT: '100000', BTC: '5' });
  trader = server.exchange.createAccount({ USDT: '100000', BTC: '5' });
});

after(async () => {
  // A test that failed half-way leaves no runner behind.
  if (env) {
    const r = await runBm(['algo', 'list', '--json'], env);
    for (const row of JSON.parse(r.stdout || '[]') as Array<Record<string, string>>) if (row.runner) process.kill(Number(row.runner), 'SIGTERM');
  }
  await proxy.close();
  await server.close();
});

async function json(args: string[]): Promise<Array<Record<string, string>>> {
  const r = await runBm([...args, '--json'], env!);
  assert.equal(r.code, 0, `bm ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Array<Record<string, string>>;
}

test('a detached runner whose clock is an hour ahead of the venue\'s fires at the first trade through its trigger, once', async () => {
  ensureBuilt();
  const preload = `--import=${new URL('../helpers/clock-shift.mjs', import.meta.url).href}`;
  env = isolatedEnv({ BM_BASE_URL: proxy.url, BM_API_KEY: owner.key, BM_API_SECRET: owner.secret, BM_API_MEMO: owner.memo, CLOCK_SHIFT_MS: String(H) });
  env.NODE_OPTIONS = [env.NODE_OPTIONS, preload].filter(Boolean).join(' ');
  // History: a trade before the stop is armed, through its trigger (a sell stop at 1000000: every price is),
  // ten seconds before it on the venue's clock.
  venueBehind = 10_000;
  server.exchange.placeOrder(trader.id, { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '100' });
  venueBehind = 0;
  const history = server.exchange.trades('BTC_USDT', 1)[0]!;
  assert.ok(history.time <= Date.now() - 10_000, 'the history trade is stamped ten seconds back');
  const before = proxy.count('POST', SUBMIT);
  const armed = await bmAsync(['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '1000000', '--immediate', '--detach', '--yes', '--json'], env);
  assert.equal(armed.code, 0, armed.stderr);
  const id = (JSON.parse(armed.stdout) as Array<Record<string, string>>)[0]!.algo!;
  await until(() => /ahead of the venue's/.test(said(id)), `the runner noting the clocks in its log`, 30_000);
  assert.match(said(id), new RegExp(`bm: algo ${id}: the local clock is 3[56][0-9]{2}\\.[0-9] s \\(1 h 0 min\\) ahead of the venue's \\(GET /system/time\\): trades are judged by the venue's times`));
  // The first trade after it was armed: a sale at the best bid, another price than the history's.
  server.exchange.placeOrder(trader.id, { symbol: 'BTC_USDT', side: 'sell', type: 'market', size: '0.001' });
  const first = server.exchange.trades('BTC_USDT', 1)[0]!;
  assert.notEqual(first.price, history.price);
  await listed(id, (r) => r.state === 'done', 'done');
  const [leg] = await json(['algo', 'show', id]);
  assert.equal(leg!.status, 'placed');
  assert.equal(proxy.count('POST', SUBMIT) - before, 1, 'sent once, stamped with the venue\'s time (no refused first try)');
  const notes = (await json(['algo', 'logs', id])).map((l) => l.note!);
  const fired = notes.filter((n) => / met /.test(n));
  assert.deepEqual(fired, [`stop: trigger 1000000 met by a trade at ${first.price} (${new Date(first.time).toISOString()})`], notes.join('\n'));
});

/** Polls `bm algo list` until the algo's row satisfies `check` (a generous deadline, named). */
async function listed(id: string, check: (row: Record<string, string>) => boolean, what: string): Promise<Record<string, string>> {
  for (const end = Date.now() + 30_000; Date.now() < end; await pause(200)) {
    const row = (await json(['algo', 'list'])).find((r) => r.algo === id);
    if (row && check(row)) return row;
  }
  throw new Error(`timed out waiting for ${id} to be ${what}: ${said(id)}`);
}

const said = (id: string) => {
  const log = algoFile(env!, id, 'log');
  return existsSync(log) ? readFileSync(log, 'utf8') : '';
};
