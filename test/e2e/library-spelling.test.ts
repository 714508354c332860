/**
 * The library's one spelling against the real sandbox (the fault proxy counting what reached it): every
 * parameter by the command line's option name in snake_case, an earlier spelling refused naming the one to
 * use before anything is sent, the catalogue's defaults filled in as the command line fills them, times
 * typed as on the command line, a second cancel settled, and the venue's code and reason in a message.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BmError, Client, type KlineInterval } from '../../src/lib/index.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { isolatedEnv } from '../helpers/bm.js';

const venue = useLibraryVenue(41, { USDT: '10000', BTC: '1' });
const env = isolatedEnv();

type Api = Omit<Client, 'legacy'> & Record<string, any>;

function client(): Api {
  return new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env }) as Api;
}

/** The query of the last GET of `path` that reached the venue. */
function lastQuery(path: string): URLSearchParams {
  const hit = venue.proxy.seen.filter((s) => s.method === 'GET' && s.path === path).at(-1);
  assert.ok(hit, `a GET ${path} reached the venue`);
  return new URL(hit.url, 'http://venue').searchParams;
}

async function farBid(c: Api): Promise<string> {
  const last = (await c.ticker({ symbol: 'BTC_USDT' })).tickers[0].last_price as string;
  return `${BigInt(last.split('.')[0]!) / 2n}.1`;
}

test('earlier spellings are refused, naming the snake_case one, before anything is sent', async () => {
  const c = client();
  const before = venue.proxy.seen.length;
  const cases: Array<[() => Promise<unknown>, string]> = [
    [() => c.order.list({ symbol: 'BTC_USDT', N: 10 }), 'N: spelled limit (the command line\'s --limit)'],
    [() => c.trades({ symbol: 'BTC_USDT', N: 10 }), 'N: spelled limit (the command line\'s --limit)'],
    [() => c.order.get({ symbol: 'BTC_USDT', clientOrderId: 'a1' }), 'clientOrderId: spelled client_order_id (the command line\'s --client-order-id)'],
    [() => c.order.cancel({ symbol: 'BTC_USDT', clientOrderId: 'a1' }), 'clientOrderId: spelled client_order_id (the command line\'s --client-order-id)'],
    [() => c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '1', stpMode: 'cancel_maker' }), 'stpMode: spelled stp_mode (the command line\'s --stp-mode)'],
    [() => c.contract.accounts({ coinCode: 'USDT' }), 'coinCode: spelled coin (the command line\'s --coin)'],
    [() => c.order.fills({ symbol: 'BTC_USDT', offset: 2 }), 'offset: spelled page (the command line\'s --page)'],
    [() => c.order.amend({ symbol: 'BTC_USDT', orderId: '1', price: '1' }), 'orderId: spelled order_id (the command line\'s --order-id)'],
    [() => c.order.amend({ symbol: 'BTC_USDT', clientOrderId: 'a1', price: '1' }), 'clientOrderId: spelled client_order_id (the command line\'s --client-order-id)'],
    [() => c.order.amend({ symbol: 'BTC_USDT', order_id: '1', newClientOrderId: 'a2', price: '1' }), 'newClientOrderId: spelled new_client_order_id (the command line\'s --new-client-order-id)'],
  ];
  for (const [call, message] of cases) {
    const err = await call().then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof BmError && err.exitCode === 2, String(err));
    assert.equal(err.message, `${message}; every parameter is snake_case`);
  }
  // The deviation guard is an option of the call, as for a batch: given as a parameter, it says where it goes.
  for (const name of ['maxDeviation', 'max_deviation']) {
    const err = await c.order.amend({ symbol: 'BTC_USDT', order_id: '1', price: '1', [name]: '10' }).then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof BmError && err.exitCode === 2, String(err));
    assert.equal(err.message, `${name}: an option of the call, not a parameter: order.amend(params, { maxDeviation: '10' })`);
  }
  assert.equal(venue.proxy.seen.length, before, 'nothing was sent');
});

test('snake_case in every method: the wire names are the catalogue\'s', async () => {
  const c = client();
  const placed = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: await farBid(c), client_order_id: 'spell1', stp_mode: 'cancel_maker' });
  const sent = venue.proxy.seen.filter((s) => s.path === '/spot/v2/submit_order').at(-1)!;
  assert.match(sent.body, /"client_order_id":"spell1"/);
  assert.match(sent.body, /"stpMode":"cancel_maker"/, 'stp_mode goes out as the venue names it');
  const got = await c.order.get({ symbol: 'BTC_USDT', client_order_id: 'spell1' });
  assert.equal(got.order_id, placed.orderId);
  assert.equal(lastQuery('/spot/v1/order_detail').get('clientOrderId'), 'spell1');
  await c.trades({ symbol: 'BTC_USDT', limit: 5 });
  assert.equal(lastQuery('/spot/v1/symbols/trades').get('N'), '5');
  await c.order.fills({ symbol: 'BTC_USDT', page: 1, limit: 20 });
  assert.deepEqual([lastQuery('/spot/v1/trades').get('offset'), lastQuery('/spot/v1/trades').get('limit')], ['1', '20']);
  await c.order.cancel({ symbol: 'BTC_USDT', client_order_id: 'spell1' });
});

test('documented defaults may be left out: the command line\'s (open, 100) are sent', async () => {
  const c = client();
  const placed = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: await farBid(c) });
  const open = await c.order.list({ symbol: 'BTC_USDT' });
  assert.ok(open.orders.some((o: Record<string, unknown>) => o.order_id === placed.orderId), 'the order is listed open');
  const q = lastQuery('/spot/v2/orders');
  assert.deepEqual([q.get('N'), q.get('status')], ['100', '9']);
  await c.order.list({ symbol: 'BTC_USDT', limit: 3, status: 'filled' });
  assert.deepEqual([lastQuery('/spot/v2/orders').get('N'), lastQuery('/spot/v2/orders').get('status')], ['3', '6']);
  await c.order.cancelAll({ symbol: 'BTC_USDT' });
});

test('candle times as on the command line: relative, now, ISO and epoch; the default range is 100 steps to now', async () => {
  const c = client();
  const near = (got: string | null, want: number) => assert.ok(Math.abs(Number(got) - want) <= 5, `${got} is within 5 s of ${want}`);
  const now = () => Math.floor(Date.now() / 1000);
  await c.kline({ symbol: 'BTC_USDT', from: '-2h', to: 'now', step: '5m' });
  let q = lastQuery('/spot/v1/symbols/kline');
  near(q.get('from'), now() - 7200);
  near(q.get('to'), now());
  assert.equal(q.get('step'), '5');
  await c.kline({ symbol: 'BTC_USDT' });
  q = lastQuery('/spot/v1/symbols/kline');
  near(q.get('to'), now());
  assert.equal(Number(q.get('to')) - Number(q.get('from')), 100 * 60, '100 one-minute steps');
  assert.equal(q.get('step'), '1');
  await c.kline({ symbol: 'BTC_USDT', from: '2026-11-01T10:00Z', to: 1793527200, step: '1h' });
  q = lastQuery('/spot/v1/symbols/kline');
  assert.deepEqual([q.get('from'), q.get('to'), q.get('step')], [String(Date.parse('2026-11-01T10:00Z') / 1000), '1793527200', '60']);
  const before = venue.proxy.seen.length;
  const bad = await c.kline({ symbol: 'BTC_USDT', from: 'yesterday' }).then(() => undefined, (e: unknown) => e);
  assert.ok(bad instanceof BmError && bad.exitCode === 2 && /^from: 'yesterday' is not a time/.test(bad.message), String(bad));
  const backwards = await c.kline({ symbol: 'BTC_USDT', from: '-1h', to: '-2h' }).then(() => undefined, (e: unknown) => e);
  assert.ok(backwards instanceof BmError && backwards.exitCode === 2 && /^from \([0-9]+\) is after to/.test(backwards.message), String(backwards));
  assert.equal(venue.proxy.seen.length, before, 'nothing was sent');
});

test('a second cancel is settled with the venue\'s word; a refusal\'s message carries the venue\'s code and reason', async () => {
  const c = client();
  const placed = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: await farBid(c) });
  const first = await c.order.cancel({ symbol: 'BTC_USDT', order_id: placed.orderId });
  assert.deepEqual([first.outcome, first.say], ['done', 'cancelled']);
  const again = await c.order.cancel({ symbol: 'BTC_USDT', order_id: placed.orderId });
  // The venue answers a finished order's cancel with result false (a venue that refuses it with 50030 or 50031 is settled too).
  assert.deepEqual([again.outcome, again.say, again.via], ['settled', 'not cancelled: already filled or cancelled', 'answer']);
  assert.equal(again.data.result, false);
  // An order filled at once (a buy through the best ask): its cancel is settled as already filled.
  const ask = (await c.ticker({ symbol: 'BTC_USDT' })).tickers[0].best_ask as string;
  const through = String((BigInt(ask.split('.')[0]!) * 105n) / 100n);
  const filled = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: through });
  const late = await c.order.cancel({ symbol: 'BTC_USDT', order_id: filled.orderId });
  assert.deepEqual([late.outcome, late.say, late.data.result], ['settled', 'not cancelled: already filled or cancelled', false]);
  const err = await c.order.cancel({ symbol: 'BTC_USDT', order_id: '1' }).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof BmError && err.category === 'venue', String(err));
  assert.equal(err.message, `POST /spot/v3/cancel_order: ${err.code} ${err.details.venueMessage}`);
  assert.ok(err.details.venueMessage, 'the reason stays in details too');
});

test('times sent in ms (broker.rebate) are read as on the command line too: from and to by their option names', async () => {
  const c = client();
  await c.broker.rebate({ from: '-30d', to: 'now' }).catch(() => undefined);
  const q = lastQuery('/spot/v1/broker/rebate');
  const now = Date.now();
  assert.ok(Math.abs(Number(q.get('start_time')) - (now - 30 * 86_400_000)) <= 5000, `start_time ${q.get('start_time')} is 30 days ago, in ms`);
  assert.ok(Math.abs(Number(q.get('end_time')) - now) <= 5000, `end_time ${q.get('end_time')} is now, in ms`);
  await c.broker.rebate({ from: '1793527200123' }).catch(() => undefined);
  assert.equal(lastQuery('/spot/v1/broker/rebate').get('start_time'), '1793527200123', 'epoch ms kept exact');
});

test('client.watch.kline takes intervals as the command line spells widths (1h; 1H too), and refuses one the venue does not stream before connecting', async () => {
  const c = client();
  try {
    for (const interval of ['1h', '1H', '1d', '1m']) {
      const s = c.watch.kline('BTC_USDT', { interval: interval as KlineInterval });
      await s.ready();
      await s.close();
    }
    const opened = venue.proxy.ws.opened();
    assert.throws(() => c.watch.kline('BTC_USDT', { interval: '45m' as KlineInterval }), (e: unknown) => {
      assert.ok(e instanceof BmError && e.category === 'usage', String(e));
      assert.equal(e.message, "interval: one of 1m, 3m, 5m, 15m, 30m, 1h, 2h, 4h, 1d, 1w, 1M (got '45m')");
      return true;
    });
    assert.equal(venue.proxy.ws.opened(), opened, 'no connection was opened');
  } finally {
    await c.close();
  }
});
