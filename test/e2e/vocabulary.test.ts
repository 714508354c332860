import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bm, isolatedEnv, startSandbox } from '../helpers/bm.js';

let url = '';
let stop: () => Promise<void> = async () => {};
let env: Record<string, string> = {};
const run = (...args: string[]) => bm(['--base-url', url, ...args], env);

before(async () => {
  ({ url, stop } = await startSandbox(['--seed', '12']));
  const r = bm(['--base-url', url, 'sandbox', 'account', 'create', '--deposit', 'USDT=100000,BTC=2,ETH=10', '--json'], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
  env = isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
});
after(() => stop());

test('enumerated words in any case: --side BUY, --type LIMIT, --stp-mode Cancel_Maker are sent as the venue spells them', () => {
  const dry = run('order', 'place', 'btc_usdt', '--side', 'BUY', '--type', 'LIMIT', '--size', '0.01', '--price', '1000', '--stp-mode', 'Cancel_Maker', '--client-order-id', 'caseW1', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /"side":"buy","type":"limit"/);
  assert.match(dry.stdout, /"stpMode":"cancel_maker"/);
  const placed = run('order', 'place', 'BTC_USDT', '--side', 'Sell', '--type', 'Limit', '--size', '0.01', '--price', '1000000', '--client-order-id', 'caseW2', '--yes');
  assert.equal(placed.code, 0, placed.stderr);
  const all = run('order', 'cancel-all', 'BTC_USDT', '--side', 'SELL', '--yes', '-o', 'tsv');
  assert.equal(all.code, 0, all.stderr);
  assert.match(all.stdout, /^BTC_USDT\tsell\t/);
  const bad = run('order', 'place', 'BTC_USDT', '--side', 'long', '--type', 'limit', '--size', '0.01', '--price', '1000', '--yes');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: --side: must be one of buy, sell \(got 'long'\)\n/);
});

test('bm api sends fields as given: a word the venue spells otherwise is refused naming its value; a refused filter hints codes', () => {
  const side = run('api', 'POST', '/spot/v2/submit_order', '-f', 'symbol=BTC_USDT', '-f', 'side=BUY', '-f', 'type=limit', '-f', 'size=0.01', '-f', 'price=1000', '--yes');
  assert.equal(side.code, 2);
  assert.match(side.stderr, /^error: -f side=BUY: POST \/spot\/v2\/submit_order takes buy here \(bm api sends fields as given\)\nhint: give -f side=buy\n/);
  const status = run('api', 'GET', '/spot/v2/orders', '-f', 'symbol=BTC_USDT', '-f', 'status=open', '-f', 'N=10');
  assert.equal(status.code, 6);
  const hint = /\nhint: (.*)\n/.exec(status.stderr)?.[1] ?? '';
  assert.match(hint, /^the status filter takes codes: 4 \(pending\), 5 \(partially_filled\), 6 \(filled\), 8 \(cancelled\), 9 \(open\), 10 \(done\)/);
  const ok = run('api', 'GET', '/spot/v2/orders', '-f', 'symbol=BTC_USDT', '-f', 'status=9', '-f', 'N=10');
  assert.equal(ok.code, 0, ok.stderr);
});
