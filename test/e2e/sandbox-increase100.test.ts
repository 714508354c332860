// The incremental book channel of later venues (facts.md 4), served by the real sandbox: a snapshot,
// then updates of the changed levels with a version one higher each; applying them keeps a copy of
// the book equal to what a later subscriber receives as its snapshot.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame } from '../../src/ws/codec.js';
import { isPush, rawClient } from '../helpers/ws-client.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(9, { moving: true });
type Level = [string, string];
interface Inc { symbol: string; asks: Level[]; bids: Level[]; ms_t: number; version: number; type: string }

/** The first entry of a push frame. */
function incOf(f: Frame): Inc {
  assert.ok(f.kind === 'push');
  return f.data[0] as unknown as Inc;
}

function apply(book: Map<string, string>, levels: Level[]): void {
  for (const [p, s] of levels) {
    if (s === '0') book.delete(p);
    else book.set(p, s);
  }
}

test('spot/depth/increase100: snapshot, then versioned updates that rebuild the book', async () => {
  const url = `${h.base().replace('http', 'ws')}/api?protocol=1.1`;
  const a = await rawClient(url);
  a.send({ op: 'subscribe', args: ['spot/depth/increase100:BTC_USDT'] });
  await a.next((f) => f.kind === 'event' && f.event === 'subscribe');
  const first = await a.next(isPush('spot/depth/increase100'));
  assert.ok(first.kind === 'push');
  const snap = first.data[0] as unknown as Inc;
  assert.equal(snap.type, 'snapshot');
  assert.equal(snap.symbol, 'BTC_USDT');
  assert.ok(snap.asks.length > 20 && snap.asks.length <= 100, `${snap.asks.length} asks`);
  assert.ok(snap.bids.length > 20 && snap.bids.length <= 100);
  const asks = new Map(snap.asks);
  const bids = new Map(snap.bids);
  let version = snap.version;
  // An update every 100 ms, each one version on; the simulation re-quotes every 0.5 s, so some carry
  // changes and the others none.
  for (let seen = 0; seen < 3;) {
    const f = await a.next((x) => x.kind === 'push' && (x.data[0] as unknown as Inc).version > version);
    const u = incOf(f);
    assert.equal(u.type, 'update');
    assert.equal(u.version, version + 1, 'no gap in the versions');
    apply(asks, u.asks);
    apply(bids, u.bids);
    version = u.version;
    if (u.asks.length + u.bids.length > 0) seen++;
  }
  // A later subscriber's snapshot is the book at some version: bring the first copy to it and compare.
  const b = await rawClient(url);
  b.send({ op: 'subscribe', args: ['spot/depth/increase100:BTC_USDT'] });
  const later = incOf(await b.next(isPush('spot/depth/increase100')));
  assert.equal(later.type, 'snapshot');
  while (version < later.version) {
    const f = await a.next((x) => x.kind === 'push' && (x.data[0] as unknown as Inc).version === version + 1);
    const u = incOf(f);
    apply(asks, u.asks);
    apply(bids, u.bids);
    version = u.version;
  }
  assert.equal(version, later.version);
  assert.deepEqual(new Map(later.asks), asks);
  assert.deepEqual(new Map(later.bids), bids);
  a.ws.close();
  b.ws.close();
});
