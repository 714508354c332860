// "Place an order" walked from each face: `bm order place` (src/commands/order/place.ts) and the library's
// `client.order.place` (lib/client.ts -> lib/run.ts) both reach the order use case
// (src/core/usecases/order.ts) and assemble none of its steps themselves; the use case, driven through
// a fake venue, checks, confirms once and sends the placement once for either face's entry point.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript-5';
import type { Endpoint } from '../../../../src/api/catalogue/types.js';
import type { Params } from '../../../../src/api/client.js';
import { apiChannel } from '../../../../src/core/api-channel.js';
import { placeOrder, writeEndpoint } from '../../../../src/core/usecases/order.js';
import type { OrderPort } from '../../../../src/core/usecases/order-port.js';
import { METHOD_IDS } from '../../../../src/lib/method-ids.js';
import { graph, SRC } from '../../../helpers/import-graph.js';

const G = graph();
const USE_CASE = 'core/usecases/order.ts';
/** The steps of a placement: a face that calls one of them is assembling the use case itself. */
const STEPS = ['carefulWrite', 'withState', 'checkStood', 'checkOrder', 'pairRules', 'readQuote', 'readBook', 'checkDeviation', 'contextLines', 'marketLines'];

/** The face's own files reachable from `entry` (nothing under core/ is followed). */
function faceClosure(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f) || f.startsWith('core/')) continue;
    seen.add(f);
    stack.push(...(G.get(f)?.files ?? []));
  }
  return [...seen];
}

/** The names a file calls (`f()`, `x.f()`, `(await import()).f()`) and the names it destructures from a lazy import. */
function calledNames(file: string, text = readFileSync(join(SRC, file), 'utf8')): Set<string> {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const e = n.expression;
      if (ts.isIdentifier(e)) names.add(e.text);
      else if (ts.isPropertyAccessExpression(e)) names.add(e.name.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return names;
}

/** The place modules of each face, and the use-case function each calls. */
const FACES = [
  { face: 'bm order place', entry: 'commands/order/place.ts', calls: 'placeOrder' },
  { face: 'client.order.place', entry: 'lib/run.ts', calls: 'writeEndpoint' },
  // The terminal's form previews the order on its live book (the preview use case), then places it as checked.
  { face: 'bm trade (the order form)', entry: 'commands/trade/orders.ts', calls: 'placeChecked' },
] as const;

test('the library method order.place is the catalogue placement, run by lib/run.ts from the client', () => {
  assert.ok(METHOD_IDS.some(([path, id]) => path === 'order.place' && id === 'spot.order.submit'));
  assert.ok(G.get('lib/client.ts')!.files.includes('lib/run.ts'), 'the client loads lib/run.ts for its methods');
});

for (const { face, entry, calls } of FACES) {
  test(`${face}: its place module reaches the order use case, and calls ${calls} from it`, () => {
    const reach = faceClosure(entry);
    assert.ok(reach.some((f) => G.get(f)!.files.includes(USE_CASE)), `${entry} imports ${USE_CASE}`);
    assert.ok(calledNames(entry).has(calls), `${entry} calls ${calls}`);
  });

  test(`${face}: no file of the face calls a step of the placement itself`, () => {
    const assembling = faceClosure(entry).flatMap((f) => [...calledNames(f)].filter((n) => STEPS.includes(n)).map((n) => `${f} calls ${n}`));
    assert.deepEqual(assembling, []);
  });
}

test('the step finder sees a face that assembles the steps', () => {
  const assembling = "const r = await carefulWrite(ctx, channel, { ep, params });\nconst s = await (await import('./x.js')).withState(channel, r);\ncheckOrder(input, rules);";
  assert.deepEqual([...calledNames('face.ts', assembling)].filter((n) => STEPS.includes(n)).sort(), ['carefulWrite', 'checkOrder', 'withState']);
});

/** A venue of one pair that records every request; a placement answered with an order id. */
function fakePort(dryRun = false): { port: OrderPort; sent: Array<[string, Params]>; asked: string[]; done(): void } {
  const home = mkdtempSync(join(tmpdir(), 'bm-walk-'));
  const sent: Array<[string, Params]> = [];
  const asked: string[] = [];
  const pair = { symbol: 'BTC_USDT', base_currency: 'BTC', quote_currency: 'USDT', quote_increment: '0.01', base_min_size: '0.0001', base_max_size: '100', price_max_precision: '2', min_buy_amount: '5', min_sell_amount: '5', trade_status: 'trading' };
  const sender = {
    async send(ep: Endpoint, params: Params): Promise<unknown> {
      sent.push([ep.id, params]);
      if (ep.id === 'spot.symbols.details') return { symbols: [pair] };
      if (ep.id === 'spot.order.submit') return { order_id: '42' };
      throw new Error(`unexpected request ${ep.id}`);
    },
  };
  const port: OrderPort = {
    env: { HOME: home, XDG_CACHE_HOME: join(home, 'cache') }, baseUrl: async () => 'http://venue.invalid', calls: async () => sender as never,
    host: { dryRun, confirm: async (what) => void asked.push(what), note: () => undefined },
    channel: apiChannel(async () => sender, async () => undefined), market: 'guard',
  };
  return { port, sent, asked, done: () => rmSync(home, { recursive: true, force: true }) };
}

const ORDER = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '30000' };

test('either entry point checks the order, confirms it once and sends it once', async () => {
  for (const place of [
    (port: OrderPort) => placeOrder(port, { order: ORDER, command: 'order place' }),
    (port: OrderPort) => writeEndpoint(port, apiChannel(async () => ({ send: async () => undefined }), async () => undefined).entry('spot.order.submit'), Object.entries(ORDER), { command: 'order.place' }),
  ]) {
    const v = fakePort();
    try {
      const o = await place(v.port);
      assert.equal(o.kind, 'placed');
      const writes = v.sent.filter(([id]) => id === 'spot.order.submit');
      assert.equal(writes.length, 1, 'sent once');
      assert.match(String(writes[0]![1].find(([k]) => k === 'client_order_id')?.[1]), /^[A-Za-z0-9]{1,32}$/, 'a client order id made before sending');
      assert.equal(v.asked.length, 1, 'confirmed once');
    } finally {
      v.done();
    }
  }
});

test('either entry point refuses an order against its pair\'s rules before anything is sent', async () => {
  for (const place of [
    (port: OrderPort) => placeOrder(port, { order: { ...ORDER, size: '0.00001' }, command: 'order place' }),
    (port: OrderPort) => writeEndpoint(port, apiChannel(async () => ({ send: async () => undefined }), async () => undefined).entry('spot.order.submit'), Object.entries({ ...ORDER, size: '0.00001' }), { command: 'order.place' }),
  ]) {
    const v = fakePort();
    try {
      await assert.rejects(place(v.port), /size/);
      assert.deepEqual(v.sent.filter(([id]) => id === 'spot.order.submit'), [], 'nothing sent');
      assert.deepEqual(v.asked, [], 'nothing asked');
    } finally {
      v.done();
    }
  }
});
