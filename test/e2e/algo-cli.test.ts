/**
 * `bm order stop|take-profit|oco|trail|twap` run in process against the real sandbox behind the fault
 * proxy: every option checked before anything is sent (exit 2), the plan shown by --dry-run, the
 * confirmation as any write's, and a stop run in the foreground on the venue's trade stream.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runBm } from '../helpers/in-process.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

const v = useLibraryVenue(47, { USDT: '100000', BTC: '5' });
const home = mkdtempSync(join(tmpdir(), 'bm-algo-cli-'));

function env(): Record<string, string> {
  const c = v.credentials;
  return {
    HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'),
    BM_BASE_URL: v.proxy.url, BM_API_KEY: c.key, BM_API_SECRET: c.secret, BM_API_MEMO: c.memo,
  };
}

const writes = (from: number) => v.proxy.seen.slice(from).filter((s) => s.method !== 'GET').map((s) => `${s.method} ${s.url}`);

/** Bad options the pair's rules do not decide: refused before any request at all. */
const EARLY = 9;

const BAD: ReadonlyArray<readonly [string[], RegExp]> = [
  [['stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01'], /--trigger is required/],
  [['stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', 'abc'], /--trigger/],
  [['stop', 'BTC_USDT', '--side', 'up', '--size', '0.01', '--trigger', '60000'], /--side/],
  [['oco', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--tp-trigger', '60000', '--stop-trigger', '70000'], /--tp-trigger: must be above --stop-trigger/],
  [['trail', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--distance', '150%'], /--distance: a percentage below 100/],
  [['trail', 'BTC_USDT', '--side', 'sell', '--size', '0.01'], /--distance is required/],
  [['twap', 'BTC_USDT', '--side', 'sell', '--size', '1', '--over', 'an hour', '--slices', '12'], /--over: a duration/],
  [['twap', 'BTC_USDT', '--side', 'sell', '--size', '1', '--over', '1s', '--slices', '500'], /--slices: .*rate limit/],
  [['stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '60000', '--max-deviation', 'lots'], /--max-deviation/],
  [['stop', 'BTC_USDT', '--side', 'buy', '--size', '0.01', '--trigger', '70000'], /--size: not allowed for a market buy/],
  [['take-profit', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '70000', '--price', '1.123'], /--price: at most 2 decimal places/],
  [['stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '60000'], /confirmation needed and there is no terminal/],
];

test('a bad option, or no --yes with no terminal, is exit 2 with nothing sent (no request at all when the pair\'s rules do not decide it)', async () => {
  for (const [i, [args, why]] of BAD.entries()) {
    const from = v.proxy.seen.length;
    const r = await runBm(['order', ...args], env());
    const what = `bm order ${args.join(' ')}:\n${r.stderr}`;
    assert.equal(r.code, 2, what);
    assert.match(r.stderr, why, what);
    assert.deepEqual(writes(from), [], what);
    if (i < EARLY) assert.deepEqual(v.proxy.seen.slice(from), [], `no request at all: ${what}`);
    assert.equal(r.stdout, '', what);
  }
});

test('--dry-run shows the plan, each leg with its client order id, and sends nothing', async () => {
  const from = v.proxy.seen.length;
  const r = await runBm(['order', 'oco', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--tp-trigger', '72000', '--tp-price', '71950', '--stop-trigger', '60000', '--dry-run', '-o', 'tsv', '--fields', 'leg,status,note'], env());
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'tp\tplanned\tlimit SELL 0.01 BTC on BTC_USDT at 71950 USDT (notional 719.5 USDT)\nstop\tplanned\tmarket SELL 0.01 BTC on BTC_USDT at market\n');
  assert.match(r.stderr, /tp: when a trade is at or above 72000: .*\(client order id a[0-9a-z]+tp\)/);
  assert.match(r.stderr, /stop: when a trade is at or below 60000: /);
  assert.deepEqual(writes(from), []);
});

test('--fields names a column the command does not print: exit 2 before anything is sent', async () => {
  const from = v.proxy.seen.length;
  const r = await runBm(['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '60000', '--yes', '--fields', 'nope'], env());
  assert.equal(r.code, 2, r.stderr);
  assert.deepEqual(v.proxy.seen.slice(from), []);
});

test('a sell stop whose trigger the market is already through fires at the first trade, once, and its journal says so', async () => {
  const from = v.proxy.seen.length;
  const r = await runBm(['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '1000000', '--immediate', '--yes', '--json'], env());
  assert.equal(r.code, 0, r.stderr);
  const [row] = JSON.parse(r.stdout) as Array<Record<string, string>>;
  assert.equal(row!.status, 'placed');
  assert.match(row!.order_id!, /^[0-9]+$/);
  assert.deepEqual(writes(from).filter((w) => w.includes('submit_order')).length, 1);
  const journal = /journal (\S+)/.exec(r.stderr)![1]!;
  const lines = readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { st?: { legs: Record<string, { status: string }>; from?: number }; notes?: string[] });
  assert.deepEqual(lines.slice(1).map((l) => l.st!.legs.stop!.status), ['armed', 'armed', 'sending', 'placed']);
  // The second line says nothing: it keeps where trades start to count on the venue's clock, for a runner resumed later.
  assert.deepEqual([lines[1]!.st!.from, lines[2]!.notes], [undefined, []]);
  assert.ok(Number.isInteger(lines[2]!.st!.from) && lines.slice(3).every((l) => l.st!.from === lines[2]!.st!.from), 'kept on every line after');
});

test('bm algo list, show and logs read only the state dir: a bad venue address does not stop them; an unknown id is exit 2', async () => {
  const fresh = mkdtempSync(join(tmpdir(), 'bm-algo-none-'));
  const local = { HOME: fresh, XDG_STATE_HOME: join(fresh, 'state'), BM_BASE_URL: 'notaurl' };
  const listed = await runBm(['algo', 'list', '--json'], local);
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(JSON.parse(listed.stdout), []);
  for (const args of [['algo', 'show', 'anope'], ['algo', 'logs', 'last'], ['algo', 'show', 'not-an-id']]) {
    const r = await runBm(args, local);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /no conditional order|letters and digits/);
  }
});
