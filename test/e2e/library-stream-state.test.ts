/**
 * A library stream's state as events: `connected` once subscribed, `stale` when no push came for
 * `staleAfterMs` (a clock the test moves), `connected` again on the next push; a stream whose venue
 * goes away reports `reconnecting` for each attempt and then ends with a StreamError
 * (`reconnects_exhausted`), each change also said to onNote.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client, startSandbox, StreamError } from '../../src/lib/index.js';
import type { StreamStateChange } from '../../src/lib/types.js';
import { Watch } from '../../src/lib/watch.js';
import { explicitVenue } from '../../src/core/venue.js';
import { fakeClock } from '../helpers/fake-clock.js';
import { isolatedEnv, until } from '../helpers/bm.js';
import { startWsServer } from '../helpers/ws-server.js';

test('stale after staleAfterMs with no push (the test\'s clock), connected again on the next push', async () => {
  const srv = await startWsServer();
  const clock = fakeClock(1_000_000);
  const notes: string[] = [];
  const changes: StreamStateChange[] = [];
  const watch = new Watch(async () => explicitVenue(srv.httpUrl, undefined, undefined, undefined, undefined), 5000, (l) => notes.push(l), clock);
  const trades = watch.trades('BTC_USDT', { staleAfterMs: 30_000, onState: (c) => changes.push(c) });
  try {
    assert.equal(trades.state, 'connecting');
    await trades.ready();
    assert.deepEqual(changes.map((c) => c.state), ['connected']);
    clock.advance(29_999);
    assert.equal(trades.state, 'connected', 'not yet');
    clock.advance(1);
    assert.equal(trades.state, 'stale');
    assert.deepEqual(changes.at(-1), { state: 'stale', at: 1_030_000, silentMs: 30_000 });
    assert.ok(notes.includes('bm: spot/trade:BTC_USDT: stale: no push for 30 s'), notes.join('\n'));
    clock.advance(60_000);
    assert.equal(changes.length, 2, 'stale is said once');
    srv.trade('BTC_USDT');
    await until(() => trades.state === 'connected', 'connected again once a push came');
    const r = await trades.next();
    assert.equal(r.done, false);
    assert.deepEqual(changes.map((c) => c.state), ['connected', 'stale', 'connected']);
    clock.advance(29_999);
    assert.equal(trades.state, 'connected', 'the silence counts from the last push');
    clock.advance(1);
    assert.equal(trades.state, 'stale');
  } finally {
    await watch.closeAll();
    await srv.close();
  }
  assert.equal(trades.state, 'closed');
  assert.equal(clock.pending(), 0, 'no timer left behind');
});

test('a stream whose venue stops: reconnecting for each attempt, then a StreamError once reconnects give up; onNote told', async () => {
  const venue = await startSandbox({ seed: 5 });
  const notes: string[] = [];
  const changes: StreamStateChange[] = [];
  const c = new Client({ baseUrl: venue.url, env: isolatedEnv(), onNote: (l) => notes.push(l) });
  const ticker = c.watch.ticker('BTC_USDT', { maxReconnects: 2, onState: (x) => changes.push(x) });
  try {
    await ticker.ready();
    await venue.stop();
    const end = await (async () => {
      for (;;) await ticker.next();
    })().then(() => undefined, (e: unknown) => e);
    assert.ok(end instanceof StreamError, String(end));
    assert.equal(end.code, 'reconnects_exhausted');
    assert.equal(end.streamCode, 'reconnects_exhausted');
    assert.equal(end.category, 'network');
    assert.match(end.message, /spot\/ticker:BTC_USDT: the venue went away: 2 reconnects in a row failed/);
    assert.deepEqual(changes.map((x) => [x.state, x.attempt]), [['connected', undefined], ['reconnecting', 1], ['reconnecting', 2]]);
    assert.ok(notes.some((l) => /ticker:BTC_USDT: connection lost; reconnecting \(attempt 1 of 2\)/.test(l)), notes.join('\n'));
    assert.ok(notes.some((l) => l.includes(end.message)), 'the end said to onNote');
    await until(() => ticker.state === 'closed', 'the stream closed');
  } finally {
    await c.close();
  }
});
