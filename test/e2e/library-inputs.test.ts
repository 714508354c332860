/**
 * Every write the library can make (each write method of both generations, `order.batch`, and every write of
 * the catalogue through `client.api`) refuses a value it cannot send exactly, before anything reaches the venue
 * (the fault proxy in front of the sandbox sees nothing); ids given as a 19-digit string or as a safe integer go
 * out exactly, as the venue receives them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue } from '../../src/api/catalogue/index.js';
import { LEGACY } from '../../src/legacy/catalogue.js';
import { BmError, Client } from '../../src/lib/index.js';
import { LEGACY_METHOD_IDS, METHOD_IDS } from '../../src/lib/method-ids.js';
import { libName } from '../../src/lib/names.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { isolatedEnv } from '../helpers/bm.js';

const venue = useLibraryVenue(31, { USDT: '100000', BTC: '1' });
const env = isolatedEnv();

type Call = (params: unknown, opts?: unknown) => Promise<unknown>;
interface Write {
  readonly name: string;
  /** The parameters to spoil one by one: name, and whether the catalogue types it a decimal. */
  readonly params: ReadonlyArray<{ readonly name: string; readonly decimal: boolean }>;
  readonly valid: Readonly<Record<string, unknown>>;
  readonly call: (c: Client) => Call;
  /** A shape-unknown endpoint: any name is passed through (documented), values still exact. */
  readonly free?: boolean;
}

const ORDER = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '1000.1' };
const BIG = '1234567890123456789';
const CONTRACT = { contract_id: 1, category: 1, way: 1, open_type: 1, leverage: 10, price: '30000', vol: 1 };
/** A valid call of each write of the catalogues, by entry id (a dry run of it passes); a new write needs one here. */
const VALID: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'spot.order.submit': { ...ORDER, client_order_id: 'inputs1' },
  'spot.order.cancel': { symbol: 'BTC_USDT', order_id: BIG },
  'spot.order.cancel.v2': { symbol: 'BTC_USDT', order_id: BIG },
  'spot.order.cancel_all': { symbol: 'BTC_USDT', side: 'buy' },
  'spot.order.batch': { order_params: '[]' },
  'later.v4.batch': { symbol: 'BTC_USDT', orderParams: '[]' },
  'later.v4.cancel': { symbol: 'BTC_USDT', orderIds: '["1"]' },
  'later.v4.cancel_all': { symbol: 'BTC_USDT', side: 'buy' },
  'later.withdraw': { currency: 'USDT', amount: '5', address: 'x' },
  'contract.order': CONTRACT,
  'legacy.order.place': { symbol: 'BTC_USDT', side: 'buy', amount: '0.01', price: '1000.1' },
  'legacy.order.cancel': { entrust_id: BIG },
  'legacy.order.cancel_all': { symbol: 'BTC_USDT', side: 'buy' },
};
const FREE = { symbol: 'BTC_USDT', size: '0.01' };

function method(c: Client, path: string): Call {
  return path.split('.').reduce((node: any, w) => node[w], c) as Call;
}

function validOf(id: string): Readonly<Record<string, unknown>> {
  const v = VALID[id];
  assert.ok(v, `a valid call of the write ${id} is listed in VALID`);
  return v;
}

/** Every write of the library, from the method tables and the catalogues. */
function writes(): Write[] {
  const current = catalogue().filter((e) => e.write);
  const out: Write[] = [];
  for (const [path, id] of METHOD_IDS) {
    const ep = current.find((e) => e.id === id);
    if (!ep) continue;
    if (id === 'spot.order.batch') {
      // The method takes the orders; each field of the second one is spoilt (the first is good).
      const place = current.find((e) => e.id === 'spot.order.submit')!;
      out.push({ name: 'order.batch', params: place.params.map((p) => ({ name: libName(p), decimal: p.type === 'decimal' })), valid: ORDER, call: (c) => (p, o) => method(c, path)([ORDER, p], o) });
    } else out.push({ name: path, params: ep.params.filter((p) => !p.local).map((p) => ({ name: libName(p), decimal: p.type === 'decimal' })), valid: validOf(id), call: (c) => method(c, path) });
  }
  for (const [path, id] of LEGACY_METHOD_IDS) {
    const ep = LEGACY.find((e) => e.id === id)!;
    if (ep.write) out.push({ name: `legacy.${path}`, params: ep.params.map((p) => ({ name: p.name, decimal: p.kind === 'decimal' })), valid: validOf(id), call: (c) => method(c, `legacy.${path}`) });
  }
  for (const ep of current) {
    const free = Boolean(ep.shapeUnknown);
    const valid = free ? FREE : validOf(ep.id);
    const params = free ? Object.keys(FREE).map((name) => ({ name, decimal: false })) : ep.params.filter((p) => !p.local).map((p) => ({ name: p.name, decimal: p.type === 'decimal' }));
    out.push({ name: `api ${ep.method} ${ep.path}`, params, valid, free, call: (c) => (p, o) => c.api(ep.method, ep.path, p as Record<string, string>, o as undefined) });
  }
  return out;
}

/** Values no parameter takes: numbers that are not safe integers, bigints, objects, lists, NaN, booleans, null. */
const BAD: ReadonlyArray<readonly [string, unknown]> = [
  ['an integer beyond 2^53', 9007199254740993], ['2 ** 60', 2 ** 60], ['a bigint', 1n], ['a fraction', 0.1], ['NaN', NaN],
  ['Infinity', Infinity], ['an object', { value: '1' }], ['a list', ['1']], ['an empty list', []], ['a boolean', true], ['null', null],
];

function client(): Client {
  return new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000 });
}

async function refused(what: string, p: Promise<unknown>, names: RegExp): Promise<void> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof BmError, `${what}: refused, got ${String(err)}`);
  assert.equal(err.category, 'usage', `${what}: ${err.message}`);
  assert.equal(err.exitCode, 2);
  assert.match(err.message, names, what);
}

const list = writes();

test('the walk covers every write of both catalogues, the batch included', () => {
  const names = list.map((w) => w.name);
  for (const must of ['order.place', 'order.cancel', 'order.cancelAll', 'order.batch', 'contract.order', 'legacy.order.place', 'legacy.order.cancel', 'legacy.order.cancelAll']) {
    assert.ok(names.includes(must), `${must} is walked`);
  }
  assert.equal(names.filter((n) => n.startsWith('api ')).length, catalogue().filter((e) => e.write).length);
});

for (const w of list) {
  test(`${w.name}: a value it cannot send exactly, an unknown name or a bad shape is refused, nothing sent`, async () => {
    const c = client();
    const call = w.call(c);
    // The valid call passes its checks (a dry run), so each refusal below is the spoilt value's.
    const dry = await call(w.valid, { dryRun: true });
    assert.ok(dry !== null && typeof dry === 'object', 'the valid call is a dry run');
    const seen = venue.proxy.seen.length;
    for (const p of w.params) {
      const bad = [...BAD, ...(p.decimal ? [['a number for a decimal', 5] as const] : [])].filter(([, v]) => !(w.free && typeof v === 'boolean'));
      for (const [what, v] of bad) {
        await refused(`${w.name} ${p.name} = ${what}`, call({ ...w.valid, [p.name]: v }), new RegExp(`(^|: )${p.name}: `));
      }
    }
    if (w.free) {
      // A shape-unknown endpoint takes any name, as documented: the name goes out as given.
      const shown = (await call({ ...w.valid, other_name: 'x' }, { dryRun: true })) as { body?: string };
      assert.match(shown.body ?? '', /"other_name":"x"/);
    } else {
      await refused(`${w.name} unknown name`, call({ ...w.valid, limit_price: '1' }), /^limit_price: not a parameter of this call \(allowed: /);
    }
    for (const shape of ['BTC_USDT', 42, null]) await refused(`${w.name} parameters ${String(shape)}`, call(shape), /^(parameters|order\.batch|order 2): /);
    await refused(`${w.name} misspelt dryRun`, call(w.valid, { dryrun: true }), /^dryrun: not an option of this call \(allowed: dryRun(, maxDeviation(, journal, resume)?)?\)/);
    await refused(`${w.name} dryRun not a boolean`, call(w.valid, { dryRun: 'yes' }), /^dryRun: give true or false/);
    assert.equal(venue.proxy.seen.length, seen, 'nothing reached the venue');
  });
}

/** The body (or, with no body, the path) of the last request the venue received on `path`. */
function lastSent(method: string, path: string | RegExp): string {
  const hit = venue.proxy.seen.filter((s) => s.method === method && (typeof path === 'string' ? s.path === path : path.test(s.path))).at(-1);
  assert.ok(hit, `a ${method} ${String(path)} reached the venue`);
  return hit.body || hit.url;
}

test('ids as a 19-digit string or as a safe integer reach the venue exactly', async () => {
  const c = client() as unknown as Record<string, any>;
  const settle = (p: Promise<unknown>) => p.then(() => undefined, () => undefined);
  await settle(c.order.cancel({ symbol: 'BTC_USDT', order_id: BIG }));
  assert.match(lastSent('POST', '/spot/v3/cancel_order'), new RegExp(`"order_id":"${BIG}"`));
  await settle(c.order.cancel({ symbol: 'BTC_USDT', order_id: Number.MAX_SAFE_INTEGER }));
  assert.match(lastSent('POST', '/spot/v3/cancel_order'), /"order_id":"9007199254740991"/);
  await settle(c.contract.order({ ...CONTRACT, contract_id: BIG, custom_id: Number.MAX_SAFE_INTEGER }));
  assert.match(lastSent('POST', '/contract/v1/ifcontract/submitOrder'), new RegExp(`"contract_id":${BIG},.*"custom_id":9007199254740991`));
  await settle(c.legacy.order.cancel({ entrust_id: BIG }));
  assert.equal(lastSent('DELETE', /^\/v2\/orders\/\d+$/), `/v2/orders/${BIG}`);
  await settle(c.legacy.order.cancel({ entrust_id: 12345 }));
  assert.equal(lastSent('DELETE', /^\/v2\/orders\/\d+$/), '/v2/orders/12345');
});

test('an order placed is cancelled by its id given as text (beyond 2^53): the venue matched that very order', async () => {
  const c = client() as unknown as Record<string, any>;
  const placed = await c.order.place(ORDER);
  assert.ok(BigInt(placed.orderId) > 2n ** 53n, placed.orderId);
  const cancelled = await c.order.cancel({ symbol: 'BTC_USDT', order_id: placed.orderId });
  assert.deepEqual([cancelled.outcome, cancelled.say], ['done', 'cancelled']);
  assert.match(lastSent('POST', '/spot/v3/cancel_order'), new RegExp(`"order_id":"${placed.orderId}"`));
});
