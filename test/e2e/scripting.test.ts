// Scripting with the command line (fields, words, formats, errors), run in this process against the
// in-process sandbox (strict, no warm-up).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { runBm } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const h = useSandbox(11, { strict: true, warm: true });
let made: Promise<Record<string, string>> | undefined;

/** The funded account's isolated environment, made on first use (the sandbox starts in a hook of its own). */
function creds(): Promise<Record<string, string>> {
  return (made ??= (async () => {
    const r = await runBm(['--base-url', h.base(), 'sandbox', 'account', 'create', '--deposit', 'USDT=100000,BTC=2,ETH=10', '--json'], isolatedEnv());
    assert.equal(r.code, 0, r.stderr);
    const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
    return isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
  })());
}
const run = async (...args: string[]) => runBm(['--base-url', h.base(), ...args], await creds());

/** The one JSON error object of stderr under -o json. */
function jsonError(stderr: string): { category: string; message: string; hint: string | null; exit_code: number } {
  const line = stderr.split('\n').find((l) => l.startsWith('{"error":'));
  assert.ok(line, stderr);
  return JSON.parse(line).error;
}

test('--fields by wire name or header, any case; an unknown name is exit 2 listing the valid ones', async () => {
  const a = await run('ticker', 'BTC_USDT', '--fields', 'SYMBOL,Last_Price', '-o', 'csv');
  assert.equal(a.code, 0, a.stderr);
  assert.match(a.stdout, /^symbol,last_price\nBTC_USDT,[0-9.]+\n$/);
  // The sandbox starts with no trade: ten seconds of its market (a trade every 0.5 s) put some on the tape.
  h.skip(10_000);
  const t = await run('trades', 'BTC_USDT', '--limit', '2', '--fields', 'SIZE,count', '-o', 'tsv', '--header');
  assert.equal(t.code, 0, t.stderr);
  const [head, row] = t.stdout.split('\n');
  assert.equal(head, 'size\tsize');
  const [x, y] = row!.split('\t');
  assert.equal(x, y);
  const bad = await run('ticker', 'BTC_USDT', '--fields', 'symbol,nope');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: --fields: no column 'nope' here \(valid: symbol, last_price, .*best_bid, best_ask.*\)\n/);
  assert.equal(bad.stdout, '');
});

test('currencies and pairs in any case', async () => {
  const w = await run('wallet', '--currency', 'btc', '-o', 'json');
  assert.equal(w.code, 0, w.stderr);
  const rows = (parseJson(w.stdout) as { wallet: Array<{ id: string; available: string }> }).wallet;
  assert.deepEqual(rows.map((r) => r.id), ['BTC']);
  assert.equal((await run('ticker', 'btc_usdt', '--fields', 'symbol')).stdout, 'BTC_USDT\n');
});

test('one candle width everywhere: 1M is a month, 1h and 1H an hour; a width the venue lacks is exit 2', async () => {
  const env = await creds();
  const month = await run('kline', 'BTC_USDT', '--step', '1M', '--from', '-300d', '--dry-run');
  assert.equal(month.code, 0, month.stderr);
  assert.match(month.stdout, /&step=43200\n/);
  const hour = await run('kline', 'BTC_USDT', '--step', '1H', '--from', '-1d', '--dry-run');
  assert.match(hour.stdout, /&step=60\n/);
  assert.match((await run('kline', 'BTC_USDT', '--step', '1m', '--from', '-1h', '--dry-run')).stdout, /&step=1\n/);
  const watch = await run('watch', 'kline', 'BTC_USDT', '--step', '45m', '--once');
  assert.equal(watch.code, 2);
  assert.match(watch.stderr, /^error: --step: '45m' is not a width this venue has \(allowed: 1m, 3m, 5m, 15m, 30m, 1h, 2h, 4h, 1d, 1w, 1M; or minutes\)/);
  const legacy = await runBm(['--legacy-url', h.base(), 'legacy', 'kline', 'BTC_USDT', '--step', '1M', '--from', '-300d', '--dry-run'], env);
  assert.equal(legacy.code, 0, legacy.stderr);
  assert.match(legacy.stdout, /step=43200/);
});

test('status words wherever codes are: order list --status filled sends 6; tables show words, data formats codes', async () => {
  const d = await run('order', 'list', 'BTC_USDT', '--status', 'Filled', '--dry-run');
  assert.equal(d.code, 0, d.stderr);
  assert.match(d.stdout, /[?&]status=6(&|\n)/);
  const bad = await run('order', 'list', 'BTC_USDT', '--status', 'bogus');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /allowed: pending \(4\), partially_filled \(5\), filled \(6\), cancelled \(8\), open \(9\), done \(10\)/);
  const placed = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '.01', '--price', '1000', '--client-order-id', 'scriptW1', '--yes', '--json');
  assert.equal(placed.code, 0, placed.stderr);
  const table = await run('order', 'list', 'BTC_USDT', '--status', 'pending', '-o', 'table', '--fields', 'client_order_id,status');
  assert.match(table.stdout, /scriptW1 +pending/);
  const tsv = await run('order', 'list', 'BTC_USDT', '--status', '4', '--fields', 'clientOrderId,status');
  assert.match(tsv.stdout, /^scriptW1\t4$/m);
  const got = parseJson((await run('order', 'get', 'BTC_USDT', '--client-order-id', 'scriptW1', '--json')).stdout) as Record<string, unknown>;
  assert.equal(scalarText(got.size), '0.01');
});

test('-o is honoured or refused with exit 2: completion, watch streams', async () => {
  const c = await run('completion', 'bash', '-o', 'json');
  assert.equal(c.code, 2);
  assert.equal(jsonError(c.stderr).message, '-o json: bm completion prints text, in no other format');
  assert.equal(c.stdout, '');
  const w = await run('watch', 'ticker', 'BTC_USDT', '--once', '-o', 'tsv');
  assert.equal(w.code, 2);
  assert.match(w.stderr, /^error: -o tsv: bm watch ticker prints table, json, ndjson\n/);
  const chart = await run('kline', 'BTC_USDT', '--chart', '--json');
  assert.equal(chart.code, 2);
});

test('every error in one style, parser errors too, and as one JSON object under -o json', async () => {
  const typo = await run('tikcer', '--json');
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /^error: unknown command 'tikcer'\nhint: did you mean: bm ticker\n/);
  assert.deepEqual(jsonError(typo.stderr), {
    category: 'usage', code: null, http_status: null, message: "unknown command 'tikcer'", trace: null, hint: 'did you mean: bm ticker', retryable: false, exit_code: 2,
  });
  const missing = await run('kline', '-o', 'json');
  assert.equal(missing.code, 2);
  assert.match(jsonError(missing.stderr).message, /^SYMBOL is required/);
  const opt = await run('ticker', '--bogus', '-o', 'json');
  assert.equal(opt.code, 2);
  assert.equal(jsonError(opt.stderr).message, "unknown option '--bogus'");
});

test('strict input: an option given twice, and a value that is -- or an option, are exit 2 saying what is wrong', async () => {
  const twice = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '30000', '--price', '40000', '--yes');
  assert.equal(twice.code, 2);
  assert.match(twice.stderr, /^error: --price is given twice \('30000' and '40000'\): give it once\n/);
  const dash = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '--', '-1', '--yes');
  assert.equal(dash.code, 2);
  assert.match(dash.stderr, /^error: --price needs a value: '--' ends the options and is not one\n/);
  const dry = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '.01', '--price', '00030000.50', '--client-order-id', 'canon1', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /"size":"0.01","price":"30000.50"/);
});

test('help lists the global options and the output columns of the command', async () => {
  const h = await run('order', 'list', '--help');
  assert.equal(h.code, 0);
  assert.match(h.stdout, /Global Options:\n[\s\S]*--fields <list>[\s\S]*--header/);
  assert.match(h.stdout, /Output columns: order_id, client_order_id, symbol, side, type, price, size, filled_size, price_avg, status, create_time\n/);
  assert.match((await run('trades', '--help')).stdout, /Output columns: order_time, side, price, size, notional\n/);
});

test('order list and order fills without a pair cover every pair the account holds, newest first', async () => {
  for (const [sym, id] of [['ETH_USDT', 'acrossE1'], ['BTC_USDT', 'acrossB1']] as const) {
    const p = await run('order', 'place', sym, '--side', 'buy', '--type', 'limit', '--size', sym === 'BTC_USDT' ? '0.01' : '0.1', '--price', sym === 'BTC_USDT' ? '1000' : '100', '--client-order-id', id, '--yes');
    assert.equal(p.code, 0, p.stderr);
  }
  const list = await run('order', 'list', '--fields', 'client_order_id,symbol');
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stderr, /fetching open orders of [0-9]+ pairs? \(.*BTC_USDT.*\), at most [0-9]+ requests per [0-9]+ s/);
  const rows = list.stdout.trim().split('\n');
  assert.ok(rows.indexOf('acrossB1\tBTC_USDT') < rows.indexOf('acrossE1\tETH_USDT') && rows.indexOf('acrossB1\tBTC_USDT') >= 0, list.stdout);
  const m = await run('order', 'place', 'ETH_USDT', '--side', 'buy', '--type', 'market', '--notional', '50', '--client-order-id', 'acrossM1', '--yes');
  assert.equal(m.code, 0, m.stderr);
  const fills = await run('order', 'fills', '--limit', '5', '-o', 'json');
  assert.equal(fills.code, 0, fills.stderr);
  const trades = (parseJson(fills.stdout) as { trades: Array<{ symbol: string }> }).trades;
  assert.ok(trades.length >= 1 && trades.length <= 5);
  assert.ok(trades.some((t) => t.symbol === 'ETH_USDT'));
  const bad = await run('order', 'fills', '--order-id', '12');
  assert.equal(bad.code, 2);
  // A dry run across pairs prints every request it would send and says so once, not once per pair.
  for (const cmd of ['list', 'fills']) {
    const dry = await run('order', cmd, '--dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    const requests = dry.stdout.match(/^GET http:\/\/\S+\/spot\/v\d\/(orders|trades)\?symbol=[A-Z]+_[A-Z]+/gm) ?? [];
    assert.ok(requests.length >= 2, dry.stdout);
    assert.equal(dry.stderr.match(/dry run/g)?.length, 1, dry.stderr);
    assert.match(dry.stderr, new RegExp(`dry run: these ${requests.length} requests were not sent \\(only the wallet was read, to find the pairs\\)`));
    assert.doesNotMatch(dry.stderr, /nothing was sent/);
  }
});

test('portfolio: balances valued in a quote currency from last prices, open orders of every pair, recent fills, the total', async () => {
  const { add, mul, norm, cmp } = await import('../../src/util/decimal.js');
  const r = await run('portfolio', '--in', 'usdt', '--json');
  assert.equal(r.code, 0, r.stderr);
  const p = parseJson(r.stdout) as { in: string; total: string; balances: Array<Record<string, string>>; open_orders: Array<Record<string, unknown>>; fills: Array<Record<string, unknown>> };
  assert.equal(p.in, 'USDT');
  const usdt = p.balances.find((b) => b.currency === 'USDT')!;
  assert.equal(usdt.price, '1');
  assert.equal(usdt.value, usdt.total);
  const btc = p.balances.find((b) => b.currency === 'BTC')!;
  const last = (parseJson((await run('ticker', 'BTC_USDT', '--json')).stdout) as { tickers: Array<{ last_price: string }> }).tickers[0]!.last_price;
  assert.equal(btc.total, norm(add(btc.available!, btc.frozen!)));
  assert.ok(btc.price && cmp(btc.price, '0') > 0);
  assert.equal(btc.value, norm(mul(btc.total!, btc.price)));
  assert.ok(last.length > 0);
  let sum = '0';
  for (const b of p.balances) if (b.value) sum = norm(add(sum, b.value));
  assert.equal(p.total, sum);
  const ids = p.open_orders.map((o) => scalarText(o.client_order_id ?? o.clientOrderId));
  assert.ok(ids.includes('acrossB1') && ids.includes('acrossE1'), ids.join(','));
  assert.ok(p.fills.length >= 1);
  const table = await run('portfolio', '-o', 'table');
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /^currency +available +frozen +total +price +value\n/);
  assert.match(table.stdout, /\nopen orders \([0-9]+\)\n[\s\S]*\nrecent fills \([0-9]+\)\n[\s\S]*\ntotal [0-9.]+ USDT\n$/);
  const tsv = await run('portfolio', '--fields', 'currency,value', '--fills', '0');
  assert.match(tsv.stdout, /^BTC\t[0-9.]+$/m);
});

test('errors as sent: hints name the request\'s pair and ids; legacy errors name the path requested', async () => {
  const env = await creds();
  const got = await run('order', 'get', 'ETH_USDT', '--order-id', '999');
  assert.equal(got.code, 6);
  assert.match(got.stderr, /\nhint: list orders with: bm order list ETH_USDT\n/);
  assert.equal((await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '1000', '--client-order-id', 'dupHint1', '--yes')).code, 0);
  const dup = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '1000', '--client-order-id', 'dupHint1', '--yes');
  assert.equal(dup.code, 6);
  assert.match(dup.stderr, /\nhint: [^\n]*bm order get BTC_USDT --client-order-id dupHint1\n/);
  const legacy = await runBm(['--legacy-url', h.base(), 'legacy', 'kline', 'NOPE_USDT', '--step', '1h'], env);
  assert.equal(legacy.code, 6);
  assert.match(legacy.stderr, /^error: GET \/v2\/symbols\/NOPE_USDT\/kline failed with HTTP 400\n/);
  assert.doesNotMatch(legacy.stderr, /\{symbol\}/);
});

test('kline keeps the first candle: the bucket that contains --from, as a venue sends it first', async () => {
  const env = await creds();
  const from = Math.floor(Date.now() / 1000) - 3600 * 5 - 1234;
  const bucket = from - (from % 3600);
  const proxy = await startFaultProxy(h.base());
  try {
    // The sandbox starts at the first whole step after --from; the venue also sends the bucket holding it.
    proxy.add({
      method: 'GET', path: '/spot/v1/symbols/kline', fault: {
        kind: 'rewrite', fn: (a) => {
          const body = JSON.parse(a.body) as { data: { klines: Array<Record<string, unknown>> } };
          const first = { ...body.data.klines[0]!, timestamp: bucket };
          if (body.data.klines[0]!.timestamp !== bucket) body.data.klines.unshift(first);
          return { ...a, body: JSON.stringify(body) };
        },
      },
    });
    const r = await runBm(['--base-url', proxy.url, 'kline', 'BTC_USDT', '--step', '1h', '--from', String(from), '--to', String(from + 3 * 3600), '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    const k = (parseJson(r.stdout) as { klines: Array<{ timestamp: unknown }> }).klines.map((c) => Number(scalarText(c.timestamp)));
    assert.equal(k[0], bucket, `first candle ${k[0]} is the bucket ${bucket} that holds ${from}`);
    assert.deepEqual(k, [bucket, bucket + 3600, bucket + 7200, bucket + 10800]);
  } finally {
    await proxy.close();
  }
});
