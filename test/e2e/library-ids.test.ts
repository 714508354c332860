/**
 * The library's results carry every id as exact text, as the command line's JSON does: the results of
 * place, get, list, fills and batch and the orders stream's events, against the real sandbox, whose ids
 * are beyond 2^53.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client } from '../../src/lib/index.js';
import { isIdKey } from '../../src/render/json-text.js';
import { isolatedEnv } from '../helpers/bm.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

const venue = useLibraryVenue(41, { USDT: '100000', BTC: '1' });
const env = isolatedEnv();
const SYMBOL = 'BTC_USDT';

type Api = Omit<Client, 'legacy'> & Record<string, any>;

/** Every leaf of an answer's data is text, a boolean or null (no number a reader could round); ids are digits. */
function exactText(v: unknown, path: string, ids: string[]): void {
  if (Array.isArray(v)) return v.forEach((x, i) => exactText(x, `${path}[${i}]`, ids));
  if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      exactText(x, `${path}.${k}`, ids);
      if (isIdKey(k) && /^[0-9]+$/.test(String(x))) ids.push(`${path}.${k}`);
    }
    return;
  }
  assert.ok(v === null || typeof v === 'string' || typeof v === 'boolean', `${path} is ${typeof v} ${String(v)}, not text`);
}

/** Checks `data` all text and returns the paths of its numeric ids (each one a string beyond 2^53 where it is an order's). */
function idsOf(data: unknown, what: string): string[] {
  const ids: string[] = [];
  exactText(data, what, ids);
  return ids;
}

function bigId(v: unknown, what: string): string {
  assert.equal(typeof v, 'string', `${what} is text (got ${typeof v})`);
  assert.ok(BigInt(v as string) > 2n ** 53n, `${what} ${String(v)} is beyond 2^53`);
  return v as string;
}

/** The first event of `stream` that `match` accepts, or a failure naming `what` after 20 s. */
async function firstOf<T>(stream: AsyncIterableIterator<T>, match: (t: T) => boolean, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`no ${what} within 20 s`)), 20_000)));
  const find = (async () => {
    for (let n = await stream.next(); !n.done; n = await stream.next()) if (match(n.value)) return n.value;
    throw new Error(`the stream ended before ${what}`);
  })();
  try {
    return await Promise.race([find, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

test('place, get, list, fills, batch and the orders stream: every id exact text, every number text', async () => {
  const c = new Client({ baseUrl: venue.venue.url, credentials: venue.credentials, env }) as Api;
  try {
    const stream = c.watch.orders(SYMBOL);
    await stream.ready();
    const last = (await c.ticker({ symbol: SYMBOL })).tickers[0].last_price as string;
    const price = `${BigInt(last.split('.')[0]!) / 2n}.5`;

    const placed = await c.order.place({ symbol: SYMBOL, side: 'buy', type: 'limit', size: '0.01', price, client_order_id: 'libIds1' });
    const id = bigId(placed.orderId, 'place orderId');
    assert.ok(idsOf(placed.data, 'place.data').includes('place.data.order_id'));
    const pushed = await firstOf(stream, (p: Record<string, unknown>) => p.client_order_id === 'libIds1', 'push of libIds1');
    assert.ok(idsOf(pushed, 'push').includes('push.order_id'));
    assert.equal(bigId(pushed.order_id, 'push order_id'), id);

    const got = await c.order.get({ symbol: SYMBOL, order_id: id });
    assert.ok(idsOf(got, 'get').includes('get.order_id'));
    assert.equal(got.order_id, id);

    const list = await c.order.list({ symbol: SYMBOL, limit: 100, status: 'open' });
    assert.ok(idsOf(list, 'list').includes('list.orders[0].order_id'));
    assert.ok(list.orders.some((o: Record<string, unknown>) => o.order_id === id), 'the order is listed by its exact id');
    for (const o of list.orders) bigId(o.order_id, 'list order_id');

    const market = await c.order.place({ symbol: SYMBOL, side: 'buy', type: 'market', notional: '100' });
    const fills = await c.order.fills({ symbol: SYMBOL });
    const fillIds = idsOf(fills, 'fills');
    assert.ok(fillIds.includes('fills.trades[0].detail_id') && fillIds.includes('fills.trades[0].order_id'), fillIds.join(', '));
    assert.ok(fills.trades.some((f: Record<string, unknown>) => f.order_id === bigId(market.orderId, 'market orderId')), 'the fill names its order exactly');
    for (const f of fills.trades) bigId(f.detail_id, 'fill detail_id');

    const batch = await c.order.batch([0, 1].map((i) => ({ symbol: SYMBOL, side: 'buy', type: 'limit', size: '0.001', price, client_order_id: `libIdsB${i}` })));
    assert.deepEqual(batch.orders.map((o: { result: string }) => o.result), ['placed', 'placed']);
    for (const o of batch.orders) {
      bigId(o.orderId, `batch order ${o.index} orderId`);
      assert.equal(typeof o.clientOrderId, 'string');
    }
  } finally {
    await c.order.cancelAll({ symbol: SYMBOL }).catch(() => undefined);
    await c.close();
  }
});
