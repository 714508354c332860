/**
 * `bm pnl`, run in this process against the sandbox: market orders fill at once; the P&L the command
 * prints agrees with the account's fills (`bm order fills --json`) worked through by hand here, and
 * the library agrees with the command.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { add, cmp, div, mul, norm, sub } from '../../src/util/decimal.js';
import { parseJson, scalarText } from '../../src/util/json.js';

let sandbox: RunningSandbox | undefined;
let url = '';
let env: Record<string, string> = {};
const run = (...args: string[]) => runBm(['--base-url', url, ...args], env);

interface Fill { side: string; price_avg: string; size: string; notional: string; fees: string; fee_coin_name: string; create_time: unknown; detail_id: unknown }
interface Pnl { symbol: string; position: string; avg_cost: string; realized: string; unrealized: string; fees: string; unmatched: string; other_fees: Record<string, string>; last_price: string; fills: number }

async function market(side: 'buy' | 'sell', size: string): Promise<void> {
  const r = await run('order', 'place', 'BTC_USDT', '--side', side, '--type', 'market', ...(side === 'buy' ? ['--notional', size] : ['--size', size]), '--yes', '--json');
  assert.equal(r.code, 0, r.stderr);
}

before(async () => {
  // As `bm sandbox serve --strict --warm-up 0`: the spec's letter, a quoted book and no trade yet.
  sandbox = await startServer({ port: 0, seed: 5, strict: true, warmUpMs: 0, log: () => {} });
  url = sandbox.url;
  const a = sandbox.exchange.createAccount({ USDT: '1000000' });
  env = isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
  await market('buy', '2000');
  await market('buy', '3000');
  await market('sell', '0.01');
});
after(() => sandbox?.close());

/** The fills worked through by hand: weighted average cost, the buyer's fee in BTC, the seller's in USDT. */
function byHand(fills: Fill[]): { position: string; cost: string; realized: string; fees: string } {
  const oldest = [...fills].sort((a, b) => Number(scalarText(a.create_time)) - Number(scalarText(b.create_time)) || (BigInt(scalarText(a.detail_id)) < BigInt(scalarText(b.detail_id)) ? -1 : 1));
  let position = '0';
  let cost = '0';
  let realized = '0';
  let fees = '0';
  for (const f of oldest) {
    assert.equal(f.fee_coin_name, f.side === 'buy' ? 'BTC' : 'USDT', 'the sandbox charges a buyer in base, a seller in quote');
    if (f.side === 'buy') {
      position = norm(add(position, sub(f.size, f.fees)));
      cost = norm(add(cost, f.notional));
      fees = norm(add(fees, mul(f.fees, f.price_avg)));
    } else {
      assert.ok(cmp(f.size, position) <= 0, 'the test sells less than it bought');
      const taken = cmp(f.size, position) === 0 ? cost : norm(div(mul(cost, f.size), position, 18));
      realized = norm(add(realized, sub(sub(f.notional, f.fees), taken)));
      cost = norm(sub(cost, taken));
      position = norm(sub(position, f.size));
      fees = norm(add(fees, f.fees));
    }
  }
  return { position, cost, realized, fees };
}

test('bm pnl BTC_USDT --json agrees with the fills worked through by hand', async () => {
  const fr = await run('order', 'fills', 'BTC_USDT', '--json');
  assert.equal(fr.code, 0, fr.stderr);
  const fills = (parseJson(fr.stdout) as { trades: Fill[] }).trades;
  assert.ok(fills.some((f) => f.side === 'buy') && fills.some((f) => f.side === 'sell'), 'both sides filled');
  const want = byHand(fills);
  const r = await run('pnl', 'BTC_USDT', '--json');
  assert.equal(r.code, 0, r.stderr);
  const got = parseJson(r.stdout) as { pairs: Pnl[]; totals: Array<{ quote: string; realized: string }> };
  const p = got.pairs[0]!;
  assert.equal(got.pairs.length, 1);
  assert.equal(p.fills, fills.length);
  assert.equal(p.position, want.position);
  assert.equal(p.realized, want.realized);
  assert.equal(p.fees, want.fees);
  assert.equal(p.unmatched, '0');
  assert.deepEqual(p.other_fees, {}, 'every fee was in BTC or USDT');
  assert.equal(p.avg_cost, norm(div(want.cost, want.position, 18)));
  assert.equal(p.unrealized, norm(sub(mul(want.position, p.last_price), want.cost)));
  assert.deepEqual(got.totals, [{ quote: 'USDT', realized: p.realized, unrealized: p.unrealized, fees: p.fees }]);

  const { Client } = await import('../../src/lib/index.js');
  const client = new Client({ baseUrl: url, credentials: { key: env.BM_API_KEY!, secret: env.BM_API_SECRET!, memo: env.BM_API_MEMO! }, env });
  const lib = await client.pnl({ symbol: 'BTC_USDT' });
  assert.deepEqual(lib.pairs.map((x) => [x.position, x.avg_cost, x.realized, x.fees, x.fills]), [[p.position, p.avg_cost, p.realized, p.fees, p.fills]]);
});

test('a window before or after the fills holds none; from after to is refused; a table ends with the total', async () => {
  const fills = (parseJson((await run('order', 'fills', 'BTC_USDT', '--json')).stdout) as { trades: Fill[] }).trades;
  const first = Math.min(...fills.map((f) => Number(scalarText(f.create_time))));
  const before = parseJson((await run('pnl', 'BTC_USDT', '--to', String(Math.floor(first / 1000) - 2), '--json')).stdout) as { pairs: Pnl[] };
  assert.deepEqual(before.pairs.map((x) => [x.symbol, x.fills, x.position, x.realized]), [['BTC_USDT', 0, '0', '0']], 'a pair asked by name shows without fills');
  const future = await run('pnl', '--from', String(Math.floor(Date.now() / 1000) + 3600), '--json');
  assert.equal(future.code, 0, future.stderr);
  assert.deepEqual((parseJson(future.stdout) as { pairs: Pnl[] }).pairs, [], 'no pair has fills in the window');
  const bad = await run('pnl', '--from', '-1d', '--to', '-2d');
  assert.equal(bad.code, 2, 'from after to is a usage error');
  const table = await run('pnl', 'BTC_USDT', '-o', 'table');
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /^symbol +position +avg_cost +realized +unrealized +fees +quote/m);
  assert.match(table.stdout, /\ntotal USDT: realized -?[0-9]+\.[0-9]{2}, unrealized -?[0-9]+\.[0-9]{2}, fees [0-9]+\.[0-9]{2}/);
  const csv = await run('pnl', 'BTC_USDT', '-o', 'csv');
  assert.match(csv.stdout, /^symbol,position,avg_cost,realized,unrealized,fees,quote\nBTC_USDT,/);
});
