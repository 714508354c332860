/**
 * `client.algo.*` against the real sandbox behind the fault proxy: the command line's plan and checks
 * in the library's words, a dry run that sends nothing, a stop fired on the venue's trade stream,
 * and a signal that stops watching with nothing sent.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BmError, Client, type AlgoResult } from '../../src/lib/index.js';
import { isolatedEnv } from '../helpers/bm.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

/** `client.algo`'s kinds by name (the source's type is open: any name, the registry decides on the call). */
const kinds = (c: Client) => c.algo as Client['algo'] & Record<'stop' | 'oco' | 'twap' | 'bracket' | 'iceberg' | 'alert', (params: object, opts?: object) => Promise<AlgoResult>>;

const venue = useLibraryVenue(53, { USDT: '100000', BTC: '5' });
const env = isolatedEnv();
const SUBMIT = '/spot/v2/submit_order';

const client = () => new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000 });

test('a bad parameter is a usage error in the library\'s words, nothing sent', async () => {
  const c = client();
  const before = venue.proxy.count('POST', SUBMIT);
  await assert.rejects(kinds(c).oco({ symbol: 'BTC_USDT', side: 'sell', size: '0.01', tp_trigger: '60000', stop_trigger: '70000' }), (e: unknown) => e instanceof BmError && e.category === 'usage' && /^tp_trigger: must be above stop_trigger/.test(e.message));
  await assert.rejects(kinds(c).stop({ symbol: 'BTC_USDT', side: 'sell', size: '0.01', trigger: '1', when: 'now' } as never), /when: not a parameter/);
  assert.equal(venue.proxy.count('POST', SUBMIT), before);
});

test('a dry run gives the plan, each leg with its client order id, and sends nothing', async () => {
  const c = client();
  const before = venue.proxy.count('POST', SUBMIT);
  const r = await kinds(c).twap({ symbol: 'BTC_USDT', side: 'sell', size: '0.03', over: '3m', slices: 3 }, { dryRun: true });
  assert.equal(r.end, 'planned');
  assert.deepEqual(r.legs.map((l) => [l.leg, l.status, l.clientOrderId]), ['s1', 's2', 's3'].map((s) => [s, 'planned', `${r.id}${s}`]));
  assert.match(r.legs[1]!.note, /^s2: at .*: market SELL 0.01 BTC on BTC_USDT at market/);
  assert.equal(venue.proxy.count('POST', SUBMIT), before);
});

test('an alert is a kind of client.algo: no side or size, one of above and below, its plan a notification', async () => {
  const c = client();
  const r = await kinds(c).alert({ symbol: 'BTC_USDT', below: '1' }, { dryRun: true });
  assert.deepEqual([r.kind, r.end, r.legs.map((l) => [l.leg, l.status])], ['alert', 'planned', [['alert', 'planned']]]);
  assert.equal(r.legs[0]!.note, 'alert: when a trade is at or below 1: notify when BTC_USDT trades at or below 1');
  await assert.rejects(kinds(c).alert({ symbol: 'BTC_USDT', above: '2', below: '1' }), (e: unknown) => e instanceof BmError && e.category === 'usage' && /^above and below: give one of them, not both/.test(e.message));
  await assert.rejects(kinds(c).alert({ symbol: 'BTC_USDT', above: '2', side: 'buy' }), /side: not a parameter/);
});

test('a stop fires on the trade stream, once, and resolves with the order', async () => {
  const c = client();
  const before = venue.proxy.count('POST', SUBMIT);
  const r = await kinds(c).stop({ symbol: 'BTC_USDT', side: 'sell', size: '0.01', trigger: '1000000' }, { immediate: true });
  assert.equal(r.end, 'done');
  assert.equal(r.legs[0]!.status, 'placed');
  assert.match(r.legs[0]!.orderId!, /^[0-9]+$/);
  assert.equal(venue.proxy.count('POST', SUBMIT) - before, 1);
  assert.ok(r.journal);
  await c.close();
});

test('a signal stops watching: the stop is cancelled unsent and the call resolves', async () => {
  const before = venue.proxy.count('POST', SUBMIT);
  const ac = new AbortController();
  const notes: string[] = [];
  const watched = new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, onNote: (l) => {
    notes.push(l);
    if (/armed; journal/.test(l)) ac.abort();
  } });
  const r = await kinds(watched).stop({ symbol: 'BTC_USDT', side: 'sell', size: '0.01', trigger: '1' }, { signal: ac.signal });
  assert.equal(r.end, 'cancelled');
  assert.equal(r.legs[0]!.status, 'cancelled');
  assert.equal(venue.proxy.count('POST', SUBMIT), before);
  assert.ok(notes.some((n) => /cancelled: stopped before it fired/.test(n)), notes.join('\n'));
  await watched.close();
});
