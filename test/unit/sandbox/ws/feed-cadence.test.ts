// Push cadence of the sandbox's feed, on node:test mock timers and the feed's own clock: no push of a
// topic within the spec's minimum (0.5 s, spec 8.3) of the previous one or of a subscriber's snapshot;
// the incremental book at its documented 100 ms (facts.md 4), whether the book changed or not.
import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { after, before, test, type TestContext } from 'node:test';
import { CHANNEL } from '../../../../src/api/catalogue/channels.js';
import { Feed } from '../../../../src/sandbox/ws/feed.js';
import { startWsServer, type TestServer } from '../../../helpers/ws-server.js';

let srv: TestServer;
before(async () => {
  srv = await startWsServer();
});
after(() => srv.close());

interface Got { readonly at: number; readonly data: Array<Record<string, unknown>> }

function setup(t: TestContext) {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let now = 1_000_000;
  const feed = new Feed(srv.ex, { now: () => now });
  t.after(() => feed.stop());
  const got: Got[] = [];
  const sub = { push: (f: Buffer) => got.push({ at: now, data: (JSON.parse(inflateRawSync(f).toString('utf8')) as { data: Got['data'] }).data }) };
  const pass = (ms: number) => {
    now += ms;
    t.mock.timers.tick(ms);
  };
  return { feed, got, sub, pass };
}

test('a change right after the snapshot is pushed 0.5 s after the snapshot, not before', (t) => {
  const { feed, got, sub, pass } = setup(t);
  feed.add(sub, CHANNEL.ticker, 'BTC_USDT');
  assert.equal(got.length, 1, 'the snapshot at once');
  pass(2);
  srv.trade('BTC_USDT', 1);
  pass(497);
  assert.equal(got.length, 1, 'nothing within 0.5 s of the snapshot');
  pass(1);
  assert.equal(got.length, 2, 'the change, 0.5 s after the snapshot');
  assert.equal(got[1]!.at - got[0]!.at, 500);
  srv.trade('BTC_USDT', 2);
  pass(499);
  assert.equal(got.length, 2, 'nothing within 0.5 s of the previous push');
  pass(1);
  assert.equal(got.length, 3);
});

test('a second subscriber\'s snapshot holds the topic\'s next push a whole interval after it', (t) => {
  const { feed, got, sub, pass } = setup(t);
  const other: Got[] = [];
  feed.add({ push: () => other.push({ at: 0, data: [] }) }, CHANNEL.ticker, 'ETH_USDT');
  srv.trade('ETH_USDT', 1);
  pass(400);
  feed.add(sub, CHANNEL.ticker, 'ETH_USDT');
  pass(100);
  assert.equal(got.length, 1, 'the pending push waits for the new snapshot\'s interval');
  pass(400);
  assert.equal(got.length, 2);
});

test('the incremental book pushes every 100 ms, changed or not, its version one more each time', (t) => {
  const { feed, got, sub, pass } = setup(t);
  feed.add(sub, CHANNEL.increase, 'BTC_USDT');
  assert.equal(got[0]!.data[0]!.type, 'snapshot');
  pass(99);
  assert.equal(got.length, 1, 'nothing within 100 ms of the snapshot');
  pass(1);
  srv.trade('BTC_USDT', 1);
  pass(100);
  pass(100);
  assert.equal(got.length, 4);
  assert.deepEqual(got.map((g) => g.at - got[0]!.at), [0, 100, 200, 300]);
  const versions = got.map((g) => Number(g.data[0]!.version));
  assert.deepEqual(versions, [versions[0]!, versions[0]! + 1, versions[0]! + 2, versions[0]! + 3]);
  assert.deepEqual(got.slice(1).map((g) => g.data[0]!.type), ['update', 'update', 'update']);
});
