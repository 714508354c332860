// `bm bot run` in this process against the sandbox: the module a backtest runs places the same first
// order here; Ctrl-C aborts the bot's signal, cancels (or leaves) the orders it placed, and exits 130;
// the deviation guard of `bm order place` holds the bot's limit orders.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runCli } from '../helpers/in-process.js';
import { backtestOf, fileOf, recordingOf } from '../helpers/recording-rows.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(31);

/** Places a buy of 0.001 at `price`, says it as the venue holds it, then waits to be stopped. */
const FIRST = fileOf('first.mjs', `
export default async function ({ client, clock, params, log }) {
  const r = await client.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: params.price });
  const o = await client.order.get({ symbol: 'BTC_USDT', order_id: r.orderId });
  log(\`first order: \${o.side} \${o.type} \${o.size} @ \${o.price}, \${o.status === '4' ? 'open' : o.status}\`);
  if (params.wait) await clock.sleep(3_600_000);
}
`);

function envOf(deposit: Record<string, string>): Record<string, string> {
  const a = h.sandbox().exchange.createAccount(deposit);
  return { ...isolatedEnv(), BM_BASE_URL: h.base(), BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo };
}

/** Runs `bm bot run` until the bot said its first order, then Ctrl-C. */
async function interrupted(argv: string[], env: Record<string, string>) {
  const signals = new EventEmitter();
  return runCli(argv, { env, signals, onStderr: (_c, all) => void (/first order/.test(all) && signals.emit('SIGINT', 'SIGINT')) });
}

test('the module a backtest runs places the same first order under bm bot run', async () => {
  const price = String(Math.floor(Number(h.sandbox().exchange.ticker('BTC_USDT').last_price) * 0.95));
  const live = await runCli(['bot', 'run', FIRST, '--param', `price=${price}`, '--on-exit', 'cancel'], { env: envOf({ USDT: '1000' }) });
  assert.equal(live.code, 0, live.stderr);
  const said = /bot: (first order: .*)/.exec(live.stderr)?.[1];
  assert.equal(said, `first order: buy limit 0.001 @ ${price}, open`);
  assert.match(live.stdout, /1 order\(s\) placed \(BTC_USDT 1\); open at the end: 1 cancelled, 0 left/);
  const rec = await recordingOf([[0, price, '0.01', 'sell'], [5, price, '0.01', 'sell']], { spreadBps: '2', levels: 1, depth: '0.01' });
  const bt = await backtestOf(FIRST, rec, { params: { price } });
  assert.equal(bt.report.log.find((l) => l.includes('first order'))?.replace(/^\S+ /, ''), said);
});

test('Ctrl-C aborts the bot\'s signal: the orders it placed are cancelled (--on-exit cancel) or left, and the exit is 130', async () => {
  const price = String(Math.floor(Number(h.sandbox().exchange.ticker('BTC_USDT').last_price) * 0.95));
  for (const onExit of ['cancel', 'leave'] as const) {
    const env = envOf({ USDT: '1000' });
    const r = await interrupted(['bot', 'run', FIRST, '--param', `price=${price}`, '--param', 'wait=1', '--on-exit', onExit, '--json'], env);
    assert.equal(r.code, 130, r.stderr);
    const summary = JSON.parse(r.stdout) as { placed: Record<string, number>; cancelled: string[]; left: string[] };
    assert.deepEqual(summary.placed, { BTC_USDT: 1 });
    const open = h.sandbox().exchange.orders(h.sandbox().exchange.accountByKey(env.BM_API_KEY!)!.id, 'BTC_USDT', [4, 5], 10);
    if (onExit === 'cancel') assert.deepEqual([summary.cancelled.length, summary.left.length, open.length], [1, 0, 0]);
    else assert.deepEqual([summary.cancelled.length, summary.left, open.map((o) => o.order_id)], [0, open.map((o) => o.order_id), summary.left]);
  }
});

test('a limit buy priced far through the last price is refused by the deviation guard, nothing sent, unless --max-deviation none', async () => {
  const far = String(Math.floor(Number(h.sandbox().exchange.ticker('BTC_USDT').last_price) * 1.5));
  const env = envOf({ USDT: '1000' });
  const guarded = await runCli(['bot', 'run', FIRST, '--param', `price=${far}`], { env });
  assert.equal(guarded.code, 1, guarded.stderr);
  assert.match(guarded.stderr, /the bot threw[\s\S]*deviat/i);
  assert.match(guarded.stdout, /0 order\(s\) placed/);
  const free = await runCli(['bot', 'run', FIRST, '--param', `price=${far}`, '--max-deviation', 'none', '--on-exit', 'cancel'], { env });
  assert.equal(free.code, 0, free.stderr);
  assert.match(free.stdout, /1 order\(s\) placed/);
});
