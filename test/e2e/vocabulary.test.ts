import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import { isolatedEnv } from '../helpers/bm.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { runBm } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const h = useSandbox(12, { strict: true, warm: true });
let made: SandboxAccount | undefined;
let home: Record<string, string> | undefined;
/** The file's account (made on first use, once the sandbox is up), as the environment gives it. */
const env = () => {
  made ??= h.sandbox().exchange.createAccount({ USDT: '100000', BTC: '2', ETH: '10' });
  return (home ??= isolatedEnv({ BM_API_KEY: made.key, BM_API_SECRET: made.secret, BM_API_MEMO: made.memo }));
};
const run = (...args: string[]) => runBm(['--base-url', h.base(), ...args], env());

test('enumerated words in any case: --side BUY, --type LIMIT, --stp-mode Cancel_Maker, --auth SIGNED, SHELL Fish', async () => {
  const dry = await run('order', 'place', 'btc_usdt', '--side', 'BUY', '--type', 'LIMIT', '--size', '0.01', '--price', '1000', '--stp-mode', 'Cancel_Maker', '--client-order-id', 'caseW1', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /"side":"buy","type":"limit"/);
  assert.match(dry.stdout, /"stpMode":"cancel_maker"/);
  const placed = await run('order', 'place', 'BTC_USDT', '--side', 'Sell', '--type', 'Limit', '--size', '0.01', '--price', '1000000', '--client-order-id', 'caseW2', '--yes');
  assert.equal(placed.code, 0, placed.stderr);
  const all = await run('order', 'cancel-all', 'BTC_USDT', '--side', 'SELL', '--yes', '-o', 'tsv');
  assert.equal(all.code, 0, all.stderr);
  assert.match(all.stdout, /^BTC_USDT\tsell\t/);
  const signed = await run('api', 'POST', '/spot/v1/test-post', '-f', 'symbol=BTC_USDT', '--auth', 'SIGNED', '--dry-run');
  assert.equal(signed.code, 0, signed.stderr);
  assert.match(signed.stdout, /\nx-bm-sign: \[redacted\]\n/);
  const fish = await run('completion', 'Fish');
  assert.equal(fish.code, 0, fish.stderr);
  assert.match(fish.stdout, /complete -c bm /);
  const bad = await run('order', 'place', 'BTC_USDT', '--side', 'long', '--type', 'limit', '--size', '0.01', '--price', '1000', '--yes');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: --side: must be one of buy, sell \(got 'long'\)\n/);
});

test('bm api sends fields as given: a word the venue spells otherwise is refused naming its value; a refused filter hints codes', async () => {
  const side = await run('api', 'POST', '/spot/v2/submit_order', '-f', 'symbol=BTC_USDT', '-f', 'side=BUY', '-f', 'type=limit', '-f', 'size=0.01', '-f', 'price=1000', '--yes');
  assert.equal(side.code, 2);
  assert.match(side.stderr, /^error: -f side=BUY: POST \/spot\/v2\/submit_order takes buy here \(bm api sends fields as given\)\nhint: give -f side=buy\n/);
  const status = await run('api', 'GET', '/spot/v2/orders', '-f', 'symbol=BTC_USDT', '-f', 'status=open', '-f', 'N=10');
  assert.equal(status.code, 6);
  const hint = /\nhint: (.*)\n/.exec(status.stderr)?.[1] ?? '';
  assert.match(hint, /^the status filter takes codes: 4 \(pending\), 5 \(partially_filled\), 6 \(filled\), 8 \(cancelled\), 9 \(open\), 10 \(done\)/);
  const ok = await run('api', 'GET', '/spot/v2/orders', '-f', 'symbol=BTC_USDT', '-f', 'status=9', '-f', 'N=10');
  assert.equal(ok.code, 0, ok.stderr);
});

/** Places a resting buy on BTC_USDT; its order id. */
async function rest(clientId: string): Promise<string> {
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '1000', '--client-order-id', clientId, '--yes', '--json');
  assert.equal(r.code, 0, r.stderr);
  return scalarText((parseJson(r.stdout) as { order_id: unknown }).order_id);
}

test('order cancel prints what happened to which order, as a row in every format', async () => {
  const id = await rest('cancelRow1');
  const tsv = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes', '-o', 'tsv', '--header');
  assert.equal(tsv.code, 0, tsv.stderr);
  assert.equal(tsv.stdout, `order_id\tclient_order_id\tresult\n${id}\t\tcancelled\n`);
  await rest('cancelRow2');
  const json = await run('order', 'cancel', 'BTC_USDT', '--client-order-id', 'cancelRow2', '--yes', '-o', 'json');
  assert.equal(json.code, 0, json.stderr);
  assert.deepEqual(JSON.parse(json.stdout), { order_id: null, client_order_id: 'cancelRow2', result: 'cancelled' });
  await rest('cancelRow3');
  const table = await run('order', 'cancel', 'BTC_USDT', '--client-order-id', 'cancelRow3', '--yes', '-o', 'table');
  assert.match(table.stdout, /^order_id +client_order_id +result\n +cancelRow3 +cancelled\n$/);
});

test('cancel-all with no open orders says so, sends no cancel and exits 0; with some it says cancelled', async () => {
  assert.equal((await run('order', 'cancel-all', 'BTC_USDT', '--yes')).code, 0);
  const proxy = await startFaultProxy(h.base());
  try {
    const none = await runBm(['--base-url', proxy.url, 'order', 'cancel-all', 'BTC_USDT', '--side', 'sell', '--yes'], env());
    assert.equal(none.code, 0, none.stderr);
    assert.equal(none.stdout, 'BTC_USDT\tsell\tno open orders\n');
    assert.match(none.stderr, /^bm: no open sell orders on BTC_USDT: nothing to cancel\n$/);
    const any = await runBm(['--base-url', proxy.url, 'order', 'cancel-all', '--yes'], env());
    assert.equal(any.code, 0, any.stderr);
    assert.equal(any.stdout, '');
    assert.match(any.stderr, /bm: no open orders on any pair: nothing to cancel\n$/);
    assert.equal(proxy.count('POST', '/spot/v1/cancel_orders'), 0, 'nothing to cancel, nothing sent');
    await rest('cancelAll1');
    const some = await runBm(['--base-url', proxy.url, 'order', 'cancel-all', 'BTC_USDT', '--side', 'buy', '--yes'], env());
    assert.equal(some.code, 0, some.stderr);
    assert.equal(some.stdout, 'BTC_USDT\tbuy\tcancelled\n');
    assert.equal(proxy.count('POST', '/spot/v1/cancel_orders'), 1);
  } finally {
    await proxy.close();
  }
});

test('batch rows: lower-case headers as other tables, `rejected` as the summary says, order_id as text and empty when none', async () => {
  const file = join(env().HOME!, 'mixed.ndjson');
  writeFileSync(file, [
    JSON.stringify({ side: 'buy', type: 'limit', size: '0.01', price: '1000' }),
    JSON.stringify({ side: 'sell', type: 'limit', size: '100', price: '1000000' }),
  ].join('\n'));
  const table = await run('order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'table');
  assert.equal(table.code, 9, table.stderr);
  const [head, placed, refused] = table.stdout.split('\n');
  assert.match(head!, /^index +result +order_id +client_order_id +code +message$/);
  assert.match(placed!, /^ +1 +placed +[0-9]+ +bm/);
  assert.match(refused!, /^ +2 +rejected {3,}bm\w+ +50020 +Balance not enough$/);
  assert.match(table.stderr, /bm: 1 placed, 1 rejected, 0 unknown of 2/);
  const nd = await run('order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson');
  const rows = nd.stdout.trim().split('\n').map((l) => JSON.parse(l) as { result: string; order_id: unknown });
  assert.deepEqual(rows.map((r) => r.result), ['placed', 'rejected']);
  assert.equal(typeof rows[0]!.order_id, 'string', 'an id beyond 2^53 stays exact through JSON.parse');
  assert.equal(rows[1]!.order_id, null);
  const csv = await run('order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'csv');
  assert.match(csv.stdout, /^index,result,order_id,client_order_id,code,message\n1,placed,[0-9]+,\w+,0,success\n2,rejected,,\w+,50020,Balance not enough\n$/);
});

test('portfolio: a currency no pair trades is exit 2 naming it; values read at the currency\'s places, exact in json', async () => {
  const { mul, norm } = await import('../../src/util/decimal.js');
  const { roundTo } = await import('../../src/core/portfolio/value.js');
  const bad = await run('portfolio', '--in', 'xyz', '--fills', '0');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: --in: no pair trades XYZ: nothing can be valued in it\nhint: currencies of the pairs: [A-Z, ]+\n$/);
  assert.equal(bad.stdout, '');
  // In ETH, BTC is valued through the inverse of ETH_BTC: many places, read at those of ETH's pairs.
  const details = await run('symbol-details', '--fields', 'symbol,price_max_precision');
  const n = Math.min(...[...details.stdout.matchAll(/^[A-Z0-9]+_ETH\t([0-9]+)$/gm)].map((m) => Number(m[1])));
  const json = parseJson((await run('portfolio', '--in', 'ETH', '--fills', '0', '--json')).stdout) as { balances: Array<Record<string, string>> };
  const exact = json.balances.find((b) => b.currency === 'BTC')!;
  assert.equal(exact.value, norm(mul(exact.total!, exact.price!)), 'json: the exact product');
  assert.ok(exact.value!.split('.')[1]!.length > n, `the exact value ${exact.value} has more places than ${n}`);
  const tsv = await run('portfolio', '--in', 'ETH', '--fills', '0', '--fields', 'currency,total,price,value');
  assert.equal(tsv.code, 0, tsv.stderr);
  const [, total, price, shown] = /^BTC\t(.*)\t(.*)\t(.*)$/m.exec(tsv.stdout)!;
  assert.match(shown!, new RegExp(`^[0-9]+\\.[0-9]{${n}}$`), `${shown} at ${n} places`);
  assert.equal(shown, roundTo(norm(mul(total!, price!)), n), 'the same product, rounded half to even');
  const table = await run('portfolio', '--fills', '0', '-o', 'table');
  assert.match(table.stdout, /\ntotal [0-9]+\.[0-9]{2} USDT\n$/);
});

test('one name per thing: the 24h change as a percentage in table and tsv (the ratio in json); trades head the side `side`', async () => {
  // The venue's answer is pinned to the ratio a trader saw as +0.76%, so both reads print the same change.
  const proxy = await startFaultProxy(h.base());
  try {
    proxy.add({ method: 'GET', path: '/spot/v1/ticker', fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"fluctuation":"[^"]*"/g, '"fluctuation":"+0.0076"') }) } });
    const at = (...args: string[]) => runBm(['--base-url', proxy.url, 'ticker', 'BTC_USDT', ...args], env());
    const json = await at('--json');
    assert.match(json.stdout, /"fluctuation": "\+0\.0076"/, 'json keeps the venue\'s ratio');
    const tsv = await at('--fields', 'fluctuation');
    assert.equal(tsv.code, 0, tsv.stderr);
    assert.equal(tsv.stdout, '+0.76%\n');
    const table = await at('-o', 'table', '--fields', 'symbol,fluctuation');
    assert.match(table.stdout, /\nBTC_USDT +\+0\.76%\n$/);
    // The first generation's ticker reads the same: one code for both.
    proxy.add({ method: 'GET', path: '/v2/ticker', fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"fluctuation":"[^"]*"/g, '"fluctuation":"-0.0076"') }) } });
    const legacy = (...args: string[]) => runBm(['--legacy-url', proxy.url, 'legacy', 'ticker', 'BTC_USDT', ...args], env());
    const lj = await legacy('--json');
    assert.equal(lj.code, 0, lj.stderr);
    assert.match(lj.stdout, /"fluctuation": "-0\.0076"/, 'json keeps the venue\'s ratio');
    for (const [format, out] of [['tsv', '-0.76%\n'], ['csv', 'fluctuation\n-0.76%\n']] as const) {
      const r = await legacy('-o', format, '--fields', 'fluctuation');
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, out, format);
    }
    assert.match((await legacy('-o', 'table', '--fields', 'symbol_id,fluctuation')).stdout, /\nBTC_USDT +-0\.76%\n$/);
  } finally {
    await proxy.close();
  }
  const trades = await run('trades', 'BTC_USDT', '--limit', '1', '-o', 'tsv', '--header', '--fields', 'side,size');
  assert.equal(trades.code, 0, trades.stderr);
  assert.match(trades.stdout, /^side\tsize\n(buy|sell)\t[0-9.]+\n$/);
  assert.match((await run('trades', 'BTC_USDT', '--limit', '1', '--json')).stdout, /"type": "(buy|sell)"/, 'json keeps the venue\'s name');
});
