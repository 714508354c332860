/**
 * `bm watch` (run in this process, its stdout a stream the test reads or not) against input without bounds, injected by the fault proxy in front of the
 * sandbox's WebSocket (its market stands still). A reader that stops reading: frames pile up behind the
 * full stream; bm keeps a bounded queue, drops the oldest trades, and says how many once the reader catches
 * up; what it kept comes out in order. A frame over the payload cap: said on stderr, and the view goes on
 * over a new connection.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import { isolatedEnv, until, type Result } from '../helpers/bm.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { runCli } from '../helpers/in-process.js';
import type { Stream } from '../../src/render/io.js';
import { MAX_FRAME_BYTES } from '../../src/ws/codec.js';
import { startWsServer, type TestServer } from '../helpers/ws-server.js';

let srv: TestServer;
let proxy: FaultProxy;
before(async () => {
  srv = await startWsServer();
  proxy = await startFaultProxy(srv.httpUrl);
});
after(async () => {
  await proxy.close();
  await srv.close();
});

/**
 * `bm ARGS` in this process with `stdout` as its stdout (a stream that applies back-pressure once its
 * reader stops) and its stderr kept. `stop` sends the run its SIGTERM and resolves with how it ended.
 */
function bmWith(args: readonly string[], stdout: PassThrough): { stderr: () => string; stop: () => Promise<Result> } {
  let stderr = '';
  const signals = new EventEmitter();
  const ended = runCli(args, { env: isolatedEnv(), stdout: stdout as unknown as Stream, signals, onStderr: (_, all) => void (stderr = all) });
  return { stderr: () => stderr, stop: () => (signals.emit('SIGTERM'), ended) };
}

const N = 3000;
const PAD = 'x'.repeat(1000);
const trade = (i: number) => JSON.stringify({ table: 'spot/trade', data: [{ symbol: 'BTC_USDT', side: 'buy', price: '1.00', size: '1', s_t: 1, i: String(i), pad: PAD }] });

test('a stalled reader: trades beyond the queue are dropped, the drop is said, the newest are written once it reads again', async () => {
  let fromVenue = 0;
  const unwatch = proxy.ws.rewrite((p) => (fromVenue++, p));
  // Nobody reads stdout yet: its buffer (16 KiB, as a pipe's) fills after a dozen lines.
  const out = new PassThrough({ highWaterMark: 16 * 1024 });
  const bm = bmWith(['--base-url', srv.httpUrl, '--ws-url', proxy.url.replace(/^http/, 'ws'), 'watch', 'trades', 'BTC_USDT'], out);
  try {
    await until(() => fromVenue >= 1, 'the subscription answered');
    unwatch();
    for (let i = 0; i < N; i++) proxy.ws.inject(trade(i), false);
    // 95000 makes the client reconnect: once it does, every trade before it was handled.
    proxy.ws.inject(JSON.stringify({ event: '', errorCode: '95000', errorMessage: 'test' }), false);
    await until(() => proxy.ws.opened() === 2, 'the reconnect after the injected trades');
    let stdout = '';
    out.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    await until(() => /fell behind/.test(bm.stderr()), `the drop said on stderr: ${bm.stderr()}`);
    const dropped = Number(/bm: the reader of stdout fell behind: (\d+) trade or order events dropped \(at most 1000 wait for the reader\)/.exec(bm.stderr())?.[1]);
    const shown = stdout.split('\n').filter((l) => l.includes('"pad"')).map((l) => Number(JSON.parse(l).i));
    assert.equal(shown.length + dropped, N, `${shown.length} written, ${dropped} dropped`);
    assert.ok(dropped >= N - 1000 - 300, `${dropped} dropped: the queue held at most 1000 (and the stream a dozen)`);
    assert.deepEqual(shown, [...shown].sort((a, b) => a - b), 'in arrival order');
    assert.equal(shown.at(-1), N - 1, 'the newest kept');
  } finally {
    await bm.stop();
  }
});

test('a frame over the 4 MiB payload cap: said on stderr, then reconnected and resubscribed', async () => {
  let fromVenue = 0;
  const unwatch = proxy.ws.rewrite((p) => (fromVenue++, p));
  const opened = proxy.ws.opened();
  const out = new PassThrough();
  let stdout = '';
  out.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  const bm = bmWith(['--base-url', srv.httpUrl, '--ws-url', proxy.url.replace(/^http/, 'ws'), 'watch', 'trades', 'BTC_USDT'], out);
  let trading: NodeJS.Timeout | undefined;
  try {
    await until(() => fromVenue >= 1, 'the subscription answered');
    unwatch();
    proxy.ws.inject(Buffer.alloc(MAX_FRAME_BYTES + 1, 32), false);
    await until(() => proxy.ws.opened() === opened + 2, `a new connection after the refused frame: ${bm.stderr()}`);
    assert.match(bm.stderr(), /^bm: a frame over the 4 MiB cap was refused; reconnecting$/m);
    // Trades until one comes through the new connection's subscription.
    const before = stdout.length;
    trading = setInterval(() => srv.trade('BTC_USDT'), 200);
    await until(() => stdout.slice(before).includes('"table":"spot/trade"'), 'a trade after the reconnect');
  } finally {
    clearInterval(trading);
    await bm.stop();
  }
});
