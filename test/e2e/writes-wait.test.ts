// Before and after a place: the price guard and the dry run's market context, then `--wait` (the order stream,
// polling, the wait running out), against the real sandbox (in this process) behind a fault v.proxy().
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isolatedEnv, until, type Result } from '../helpers/bm.js';
import { skipClock } from '../helpers/skip-clock.js';
import { runCli } from '../helpers/in-process.js';
import { useWriteVenue } from '../helpers/write-venue.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const v = useWriteVenue();

/**
 * `bm --verbose ARGS --wait-timeout S` on a clock held once the order is placed, so that the wait can only
 * run out when the test says: once a read of the order has answered and `ready` (given stderr so far) holds,
 * the clock skips the whole wait. No deadline is met by chance, and none is waited for.
 */
async function runOut(args: readonly string[], waitS: number, ready: (stderr: string) => boolean = () => true): Promise<Result> {
  const clock = skipClock();
  let stderr = '';
  let reading = false;
  let moved: Promise<void> | undefined;
  let ticking: NodeJS.Timeout | undefined;
  const onStderr = (chunk: string, all: string) => {
    stderr = all;
    // The wait's deadline is set right after this note: from then on only the test moves the time.
    if (/^bm: order \d+ placed/m.test(chunk)) clock.hold();
    for (const line of chunk.split('\n')) {
      if (/^\[bm\] > [A-Z]+ http/.test(line)) reading = line.includes('/spot/v1/order_detail');
      // The answer's body is the last trace line of a read: the run naps on the clock once its promises have settled.
      if (reading && !moved && line.startsWith('[bm] < {')) {
        moved = until(() => ready(stderr), 'the run to be ready for its wait to run out', 20_000).finally(() => setImmediate(() => {
          clock.skip(waitS * 1000);
          // A pause begun at the deadline is due at once: it ends on the next move of the clock.
          ticking = setInterval(() => clock.skip(0), 10);
        }));
      }
    }
  };
  const r = await runCli(['--verbose', ...args, '--wait-timeout', String(waitS)], { env: v.env(), clock, onStderr }).finally(() => clearInterval(ticking));
  assert.ok(moved, `no read of the order answered: ${r.stderr}`);
  await moved;
  return r;
}
const { run, direct, fresh, last, restingBid, statusOf } = v;

test('--max-deviation refuses a limit price far through the last price before sending (exit 2)', async () => {
  fresh();
  const p = await last();
  const high = String(BigInt(p.split('.')[0]!) * 2n);
  const buy = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', high, '--yes');
  assert.equal(buy.code, 2, buy.stderr);
  assert.match(buy.stderr, /error: --price: \d+ is [0-9.]+% above the last price [0-9.]+; a buy may be at most 10% above it[\s\S]*hint: .*--max-deviation \d+/);
  const sell = await run('order', 'place', 'BTC_USDT', '--side', 'sell', '--type', 'limit', '--size', '0.001', '--price', '1000', '--yes', '--max-deviation', '50');
  assert.equal(sell.code, 2, sell.stderr);
  assert.match(sell.stderr, /a sell may be at most 50% below it/);
  assert.equal(v.proxy().count('POST', '/spot/v2/submit_order'), 0, 'nothing was sent');
  const off = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', high, '--max-deviation', 'none', '--dry-run');
  assert.equal(off.code, 0, off.stderr);
  assert.match(off.stderr, /crosses the book: fills at once against the best ask/);
  const bad = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', high, '--max-deviation', '-3', '--yes');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-deviation: a percentage like 10, or none/);
});

test('a dry run shows the market context: last, best bid and ask, distance, and a market order\'s estimated fill', async () => {
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'market', '--notional', '500', '--dry-run');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /market: last [0-9.]+, best bid [0-9.]+, best ask [0-9.]+ USDT/);
  assert.match(r.stderr, /estimated average fill [0-9.]+ USDT \(about [0-9.]+ BTC for 500 USDT\), walked over \d+ levels? of the book/);
  const limit = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--dry-run');
  assert.match(limit.stderr, /price \d+ \([0-9.]+% below last\): does not cross: it rests in the book/);
});

test('--wait filled returns the filled row; a wait that runs out is exit 10 with the order left open', async () => {
  const p = await last();
  const through = String((BigInt(p.split('.')[0]!) * 105n) / 100n);
  const filled = await direct('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', through, '--yes', '--wait', 'filled', '--json');
  assert.equal(filled.code, 0, filled.stderr);
  assert.equal(scalarText((parseJson(filled.stdout) as { status: unknown }).status), '6');

  const straight = ['--base-url', v.url()];
  const out = await runOut([...straight, 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', await restingBid(), '--client-order-id', 'waitOut1', '--yes', '--wait', 'done'], 0.5);
  assert.equal(out.code, 10, out.stderr);
  assert.match(out.stderr, /order place --wait done: waited 0\.5 s; order \d+ shows status pending \(4\) and is left as it is[\s\S]*hint: follow it with: bm order get/);
  assert.equal(await statusOf('waitOut1'), '4', 'left as it is');

  // No stream at the WebSocket address: polling reaches the state all the same (the order is read from the
  // start, while the stream is tried), and a wait that outlives the failed stream says so.
  const noStream = ['--base-url', v.url(), '--ws-url', 'ws://127.0.0.1:9', 'order', 'place', 'BTC_USDT', '--yes'];
  const polled = await runCli([...noStream, '--side', 'sell', '--type', 'market', '--size', '0.001', '--wait', 'done', '--json'], { env: v.env() });
  assert.equal(polled.code, 0, polled.stderr);
  assert.equal(scalarText((parseJson(polled.stdout) as { status: unknown }).status), '6');
  const unstreamed = await runOut([...noStream, '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', await restingBid(), '--wait', 'done'], 1.5, (err) => /no order stream/.test(err));
  assert.equal(unstreamed.code, 10, unstreamed.stderr);
  assert.match(unstreamed.stderr, /no order stream \(.*\): polling the order instead/);
  const bad = await direct('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'market', '--notional', '10', '--yes', '--wait', 'forever');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--wait: must be one of filled, done \(got 'forever'\)/);
});

test('--wait filled follows the order-progress stream: a resting sell filled later by another account returns its filled row', async () => {
  const b = await runCli(['--base-url', v.url(), 'sandbox', 'account', 'create', '--deposit', 'USDT=1000000', '--json'], { env: isolatedEnv() });
  const k = JSON.parse(b.stdout) as { key: string; secret: string; memo: string };
  const buyer = { ...v.env(), BM_API_KEY: k.key, BM_API_SECRET: k.secret, BM_API_MEMO: k.memo };
  const cents = (v: string) => BigInt(v.replace(/^(\d+)(?:\.(\d{0,2})\d*)?$/, (_m, i: string, f = '') => i + f.padEnd(2, '0')));
  // The simulated market may fill the sell before the stream is subscribed (a read then ends the wait, and
  // no stream was needed): that try proves nothing, and another sell is placed.
  for (let attempt = 1; ; attempt++) {
    assert.ok(attempt <= 5, 'the simulated market filled five sells before the stream was subscribed');
    const cid = `waitStream${attempt}`;
    // Just under the best ask: the sell becomes the best ask alone, so the buyer's limit at that price fills it.
    const t = parseJson((await direct('ticker', 'BTC_USDT', '--json')).stdout) as { tickers: Array<{ best_bid: string; best_ask: string }> };
    const ask = cents(t.tickers[0]!.best_ask);
    assert.ok(ask - 1n > cents(t.tickers[0]!.best_bid), 'a spread of more than one tick');
    const price = `${(ask - 1n) / 100n}.${String((ask - 1n) % 100n).padStart(2, '0')}`;
    let followed!: () => void;
    const following = new Promise<'following'>((r) => (followed = () => r('following')));
    const onStderr = (_: string, all: string) => void (/following order \d+ on ws:/.test(all) && followed());
    const waiting = runCli(['--base-url', v.url(), '--verbose', 'order', 'place', 'BTC_USDT', '--side', 'sell', '--type', 'limit', '--size', '0.002', '--price', price, '--client-order-id', cid, '--yes', '--wait', 'filled', '--wait-timeout', '20', '--json'], { env: v.env(), onStderr });
    // The fill comes once the stream follows the order, however slowly it subscribed.
    const first = await Promise.race([following, waiting]);
    if (first !== 'following') {
      assert.equal(first.code, 0, first.stderr);
      assert.equal(scalarText((parseJson(first.stdout) as { status: unknown }).status), '6', 'a wait that ended before the stream followed: filled by the market');
      continue;
    }
    // The buyer sweeps every ask up to the sell's price (the simulated market moves meanwhile).
    const buy = await runCli(['--base-url', v.url(), 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.5', '--price', price, '--max-deviation', 'none', '--yes'], { env: buyer });
    assert.equal(buy.code, 0, buy.stderr);
    const r = await waiting;
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /following order \d+ on ws:\/\/127\.0\.0\.1:\d+\/user/);
    assert.doesNotMatch(r.stderr, /polling the order instead/);
    const row = parseJson(r.stdout) as { status: unknown; clientOrderId: string };
    assert.equal(scalarText(row.status), '6');
    assert.equal(row.clientOrderId, cid);
    return;
  }
});

test('--wait-timeout bounds the wait when the order stream never acknowledges: exit 10, the order polled meanwhile and left as it is', async () => {
  fresh();
  const unmute = v.proxy().ws.mute();
  try {
    const viaProxy = ['--base-url', v.proxy().url];
    const r = await runOut([...viaProxy, 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'waitMuted1', '--yes', '--wait', 'filled'], 2, () => v.proxy().ws.opened() >= 1);
    assert.equal(r.code, 10, r.stderr);
    assert.match(r.stderr, /order place --wait filled: waited 2 s; order \d+ shows status pending \(4\) and is left as it is/);
    assert.ok(v.proxy().ws.opened() >= 1, 'the stream was tried');
    assert.ok(v.proxy().count('GET', '/spot/v1/order_detail') >= 1, 'the order was read while the stream said nothing');
  } finally {
    unmute();
  }
  assert.equal(await statusOf('waitMuted1'), '4', 'left as it is');
});
