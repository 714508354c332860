// `bm portfolio --pnl` run in this process against the real sandbox behind the fault proxy: the P&L
// of each pair is the one `bm pnl` gives (one core), and it agrees with the wallet by hand: an account
// that started with cash only holds, in base, exactly its position, and its realized plus unrealized
// P&L is its cash now plus the position at the last price less the cash it started with. Without the
// flag the portfolio reads one page of fills a pair, as it always has.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { add, mul, norm, sub } from '../../src/util/decimal.js';
import { parseJson } from '../../src/util/json.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { runBm } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const harness = useSandbox(47);
const home = mkdtempSync(join(tmpdir(), 'bm-portfolio-pnl-'));
const TRADES = '/spot/v1/trades';

type Pnl = { method: string; pairs: Array<Record<string, string>>; totals: Array<Record<string, string>> };
type Portfolio = { balances: Array<Record<string, string>>; pnl?: Pnl };

test('portfolio --pnl: the P&L of bm pnl, agreeing with the wallet; without it, one page of fills a pair', async () => {
  const ex = harness.sandbox().exchange;
  const me = ex.createAccount({ USDT: '100000' });
  // Three trades of our own against the simulated book: two buys and a part sell.
  ex.placeOrder(me.id, { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '1300' });
  ex.placeOrder(me.id, { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '700' });
  ex.placeOrder(me.id, { symbol: 'BTC_USDT', side: 'sell', type: 'market', size: '0.01' });
  const proxy = await startFaultProxy(harness.base());
  const env = {
    HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'),
    BM_BASE_URL: proxy.url, BM_API_KEY: me.key, BM_API_SECRET: me.secret, BM_API_MEMO: me.memo,
  };
  try {
    const plain = await runBm(['portfolio', '--json'], env);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal((parseJson(plain.stdout) as Portfolio).pnl, undefined);
    const pages = proxy.seen.filter((s) => s.path === TRADES).map((s) => new URL(s.url, 'http://x').searchParams.get('symbol'));
    assert.deepEqual(pages, [...new Set(pages)], 'one request of fills a pair');
    assert.match(plain.stderr, /bm portfolio --pnl/);

    const r = await runBm(['portfolio', '--pnl', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    const p = parseJson(r.stdout) as Portfolio;
    const pnl = p.pnl!;
    assert.equal(pnl.method, 'weighted average cost, fees included');
    const alone = parseJson((await runBm(['pnl', '--json'], env)).stdout) as Pnl;
    assert.deepEqual(pnl.pairs, alone.pairs);
    assert.deepEqual(pnl.totals, alone.totals);

    const btc = pnl.pairs.find((x) => x.symbol === 'BTC_USDT')!;
    const held = (c: string) => p.balances.find((b) => b.currency === c)!.total!;
    assert.equal(btc.position, held('BTC'), 'the base held is the position the fills built');
    assert.equal(btc.unmatched, '0');
    assert.equal(norm(add(btc.realized!, btc.unrealized!)), norm(sub(add(held('USDT'), mul(btc.position!, btc.last_price!)), '100000')));
    assert.ok(Number(btc.fees) > 0, 'the fees paid are counted');

    const csv = await runBm(['portfolio', '--pnl', '-o', 'csv', '--fills', '0'], env);
    assert.equal(csv.code, 0, csv.stderr);
    assert.match(csv.stdout, /^currency,available,frozen,total,price,value,pair,position,avg_cost,realized,unrealized,fees\n/);
    assert.match(csv.stdout, new RegExp(`^BTC,[^\\n]*,BTC_USDT,${btc.position!.replace('.', '\\.')},`, 'm'));
    const picked = await runBm(['portfolio', '--pnl', '--fields', 'currency,position', '-o', 'tsv', '--fills', '0'], env);
    assert.equal(picked.code, 0, picked.stderr);
    assert.match(picked.stdout, new RegExp(`^BTC\t${btc.position!.replace('.', '\\.')}$`, 'm'));
  } finally {
    await proxy.close();
  }
});
