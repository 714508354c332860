// A subscriber's snapshot is the first thing it gets on a topic. Reading the snapshot catches the
// simulated market up to now, and the trades of that catch-up are in the snapshot, never pushed to the
// new subscriber before it (a recording would hold them twice, the push first).
import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { CHANNEL } from '../../../../src/api/catalogue/channels.js';
import { Feed } from '../../../../src/sandbox/ws/feed.js';
import { startWsServer, type TestServer } from '../../../helpers/ws-server.js';

let srv: TestServer;
before(async () => {
  srv = await startWsServer();
});
after(() => srv.close());

test('the trades of the catch-up that reading the snapshot makes are in the snapshot, not pushed before it', (t) => {
  const feed = new Feed(srv.ex);
  t.after(() => feed.stop());
  const got: Array<Array<Record<string, unknown>>> = [];
  const sub = { push: (f: Buffer) => void got.push((JSON.parse(inflateRawSync(f).toString('utf8')) as { data: Array<Record<string, unknown>> }).data) };
  const before = srv.ex.trades('BTC_USDT', 1)[0]?.time;
  // The market stands still until read: the snapshot's read runs these seconds of it.
  srv.skip(10_000);
  feed.add(sub, CHANNEL.trade, 'BTC_USDT');
  const newest = srv.ex.trades('BTC_USDT', 1)[0]!;
  assert.notEqual(newest.time, before, 'the market traded in the catch-up');
  assert.equal(got.length, 1, `one frame, the snapshot: ${JSON.stringify(got.map((d) => d.length))}`);
  assert.equal(String(got[0]!.at(-1)!.ms_t), String(newest.time), 'the snapshot ends with the newest trade');
});
