/**
 * Conditional orders made in the trading terminal are real detached ones: the terminal's keys plan them,
 * its write path arms them and starts their runners (the built binary, as `--detach` does) against the
 * sandbox behind the fault proxy. A stop on the position fires once through its trigger (met already:
 * armed only after y then !), or the terminal's cancel stops it unsent; a take-profit attached to an
 * unfilled buy sends nothing while the market trades through its trigger, and the order's cancel ends it
 * unsent; a take-profit then a stop on the position become one oco (the take-profit cancelled unsent);
 * one that fired meanwhile is not joined, and nothing new is armed.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, test } from 'node:test';
import { endpoint } from '../../src/api/catalogue/index.js';
import { readAttached } from '../../src/commands/trade/algo-read.js';
import { applyOrder, applyTicker } from '../../src/commands/trade/apply.js';
import { attachAlgo, cancelAlgo } from '../../src/commands/trade/attach-run.js';
import { handleKey, type Command } from '../../src/commands/trade/keys.js';
import { overlayBox } from '../../src/commands/trade/overlay.js';
import { cancelOrder, placeOrder } from '../../src/commands/trade/orders.js';
import type { TradeState } from '../../src/commands/trade/state.js';
import { Context } from '../../src/context.js';
import { keptAlgo, keptAlgos } from '../../src/core/algo/store.js';
import { checkOrder } from '../../src/core/order/check.js';
import { IO, type InStream } from '../../src/render/io.js';
import { floorTo, mul } from '../../src/util/decimal.js';
import { ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { fixtureState, RULES } from '../unit/commands/trade/fixture.js';

const v = useLibraryVenue(61, { USDT: '100000', BTC: '5' });
const SUBMIT = '/spot/v2/submit_order';
let env: Record<string, string> | undefined;

after(() => {
  // A test that failed half-way leaves no runner behind.
  for (const k of env ? keptAlgos(env, () => undefined) : []) if (k.runner) process.kill(k.runner, 'SIGTERM');
});

function contextOf(e: Record<string, string>): Context {
  const io = new IO({ write: () => true }, { write: () => true }, new PassThrough() as unknown as InStream, e, 'never');
  return new Context(io, { baseUrl: v.proxy.url, timeout: '30000' }, e);
}

/** The account's environment and context, once per file. */
function account(): { e: Record<string, string>; ctx: Context } {
  ensureBuilt();
  env ??= isolatedEnv({ BM_API_KEY: v.credentials.key, BM_API_SECRET: v.credentials.secret, BM_API_MEMO: v.credentials.memo });
  return { e: env, ctx: contextOf(env) };
}

/** The fixture terminal (its position a long of 0.01748 BTC) with the sandbox's last price and none of the fixture's orders. */
async function terminal(ctx: Context): Promise<TradeState> {
  const s = fixtureState();
  s.account.orders.clear();
  const data = await (await ctx.calls()).send(endpoint('spot.ticker'), [['symbol', 'BTC_USDT']]);
  applyTicker(s, (data as { tickers: Array<Record<string, unknown>> }).tickers[0]!);
  return s;
}

const press = (s: TradeState, ...keys: string[]): Command | undefined => {
  let last: Command | undefined;
  for (const k of keys) last = handleKey(s, k);
  return last;
};

/** Keys typed, then the confirmation's `y` (and `!` when it asks again): the attach it hands over. */
function confirmed(s: TradeState, ...keys: string[]): Extract<Command, { kind: 'attach' }> {
  press(s, ...keys, 'enter');
  assert.equal(s.ui.mode, 'attach', `planned: ${s.ui.form?.error ?? ''}`);
  const cmd = press(s, 'y') ?? press(s, '!');
  assert.equal(cmd?.kind, 'attach');
  return cmd as Extract<Command, { kind: 'attach' }>;
}

async function until<T>(what: string, get: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    const got = await get();
    if (got !== undefined) return got;
  }
  throw new Error(`timed out waiting for ${what}`);
}

const endOf = (e: Record<string, string>, id: string) => keptAlgo(e, id).record.lines.at(-1)?.st;
/** Orders submitted with this client order id, as the venue received them. */
const submitsOf = (cid: string) => v.proxy.seen.filter((r) => r.method === 'POST' && r.path === SUBMIT && r.body.includes(`"${cid}"`)).length;

test('a stop on the position runs detached: met already, it is armed after y then ! and fires once; armed, the terminal cancels it unsent', async () => {
  const { e, ctx } = account();
  const s = await terminal(ctx);
  const fired = confirmed(s, 'tab', 'x', ...'1000000');
  assert.ok(fired.spec.legs.length === 1 && fired.spec.kind === 'stop');
  const armed = await attachAlgo(ctx, fired.spec);
  assert.equal(armed.kind, 'ok', armed.text);
  assert.match(armed.text, new RegExp(`algo ${fired.spec.id}, held by this machine's runner, not the venue \\(pid [0-9]+`));
  assert.equal(await until('the stop to fire', () => endOf(e, fired.spec.id)?.end), 'done');
  assert.equal(endOf(e, fired.spec.id)!.legs.stop!.status, 'placed');
  assert.equal(submitsOf(fired.spec.legs[0]!.clientOrderId), 1, 'fired once');

  const held = confirmed(s, 'x', ...'1');
  assert.equal((await attachAlgo(ctx, held.spec)).kind, 'ok');
  const [listed] = await until('the runner to hold it', () => {
    const l = readAttached(e, 'BTC_USDT', () => undefined);
    return l[0]?.running ? l : undefined;
  });
  assert.deepEqual({ id: listed!.id, triggers: listed!.triggers }, { id: held.spec.id, triggers: ['1'] });
  s.account.algos = [listed!];
  assert.equal(press(s, 'tab', 'c', 'y')?.kind, 'cancelAlgo');
  const out = await cancelAlgo(ctx, listed!);
  assert.equal(out.kind, 'ok', out.text);
  assert.match(out.text, /^cancelled stop .* \(stop cancelled\)$/);
  assert.equal(keptAlgo(e, held.spec.id).runner, undefined, 'its runner is gone');
  assert.equal(submitsOf(held.spec.legs[0]!.clientOrderId), 0, 'the cancelled stop sent nothing');
});

test('t on an unfilled buy attaches a bracket: the market trades through its trigger and nothing is sent; the order cancelled, it ends unsent', async () => {
  const { e, ctx } = account();
  const s = await terminal(ctx);
  const last = s.market.ticker!.last;
  // A buy far below the market rests unfilled; its take-profit's trigger is below every trade of the market.
  const price = floorTo(mul(last, '0.8'), '0.01');
  const trigger = floorTo(mul(last, '0.85'), '0.01');
  const buy = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price }, RULES);
  const placed = await placeOrder(ctx, buy);
  assert.equal(placed.kind, 'ok', placed.text);
  applyOrder(s, { symbol: 'BTC_USDT', order_id: placed.orderId, client_order_id: buy.clientOrderId, side: 'buy', type: 'limit', price, size: '0.001', filled_size: '0', state: '4', ms_t: String(Date.now()) });
  const bracket = confirmed(s, 't', ...trigger);
  assert.equal(bracket.spec.kind, 'bracket');
  assert.equal(s.ui.mode, 'main', 'the confirmation has closed');
  const tp = bracket.spec.legs.find((l) => l.name === 'tp')!;
  assert.deepEqual([bracket.spec.legs[0]!.existing, tp.after], [placed.orderId, 'entry']);
  const armed = await attachAlgo(ctx, bracket.spec);
  assert.equal(armed.kind, 'ok', armed.text);
  // A plain take-profit of the position at the same trigger, armed beside it: it fires at the next trade.
  const control = confirmed(s, 'tab', 't', ...trigger);
  assert.equal(control.spec.kind, 'take-profit');
  assert.equal((await attachAlgo(ctx, control.spec)).kind, 'ok');
  assert.equal(await until('the plain take-profit to fire', () => endOf(e, control.spec.id)?.end), 'done');
  const firedAt = keptAlgo(e, control.spec.id).record.lines.at(-1)!.at;
  // A few more trades, every one at or above the trigger, while the bracket's runner watches.
  await until('three trades after it fired', async () => {
    const data = await (await ctx.calls()).send(endpoint('spot.trades'), [['symbol', 'BTC_USDT'], ['N', 50]]);
    const after = ((data as { trades: Array<{ order_time: number; price: string }> }).trades).filter((t) => Number(t.order_time) > firedAt);
    assert.ok(after.every((t) => Number(t.price) >= Number(trigger)), 'the market traded through the trigger');
    return after.length >= 3 ? after : undefined;
  });
  const [shown] = readAttached(e, 'BTC_USDT', () => undefined);
  assert.deepEqual({ id: shown!.id, running: shown!.running, order: shown!.order, exits: shown!.exits }, { id: bracket.spec.id, running: true, order: placed.orderId, exits: [{ name: 'tp', level: trigger, status: 'waiting' }] });
  assert.equal(endOf(e, bracket.spec.id)!.legs.tp!.status, 'waiting', 'nothing filled: nothing armed');
  assert.equal(submitsOf(tp.clientOrderId), 0, 'the exit was never sent');

  const cancelled = await cancelOrder(ctx, 'BTC_USDT', s.account.orders.get(placed.orderId!)!);
  assert.equal(cancelled.kind, 'ok', cancelled.text);
  const st = await until('the bracket to end', () => (endOf(e, bracket.spec.id)?.end ? endOf(e, bracket.spec.id) : undefined));
  assert.equal(st.end, 'cancelled');
  assert.deepEqual(st.legs.tp, { status: 'cancelled', cause: 'follows', why: 'entry ended with nothing filled' });
  assert.equal(submitsOf(tp.clientOrderId), 0, 'nothing left armed, nothing sent');
  assert.deepEqual(readAttached(e, 'BTC_USDT', () => undefined), [], 'nothing left in the orders pane');
});

/** The open box's text (none: ''), lines joined and blanks collapsed. */
function overlayBoxText(s: TradeState): string {
  return overlayBox(s, 120, 40, false)?.lines.join(' ').replace(/\s+/g, ' ') ?? '';
}

test('t then x on the position make one oco: the take-profit cancelled unsent, the oco armed; one that fired meanwhile is not joined', async () => {
  const { e, ctx } = account();
  const s = await terminal(ctx);
  const tp = confirmed(s, 'tab', 't', ...'1000000');
  assert.equal((await attachAlgo(ctx, tp.spec)).kind, 'ok');
  s.account.algos = await until('the take-profit held', () => {
    const l = readAttached(e, 'BTC_USDT', () => undefined).filter((a) => a.id === tp.spec.id);
    return l[0]?.running ? l : undefined;
  });
  press(s, 'x', ...'1', 'enter');
  assert.match(overlayBoxText(s), new RegExp(`one-cancels-other.*replaces algo ${tp.spec.id} \\(its take-profit 1000000 kept\\)`));
  const oco = press(s, 'y') as Extract<Command, { kind: 'attach' }>;
  assert.deepEqual([oco.kind, oco.spec.kind, oco.replaces?.id], ['attach', 'oco', tp.spec.id]);
  const joined = await attachAlgo(ctx, oco.spec, oco.replaces);
  assert.equal(joined.kind, 'ok', joined.text);
  assert.match(joined.text, new RegExp(`^algo ${tp.spec.id} cancelled unsent \\(tp cancelled\\); armed oco `));
  assert.equal(endOf(e, tp.spec.id)!.end, 'cancelled');
  assert.equal(endOf(e, tp.spec.id)!.legs.tp!.orderId, undefined);
  const listed = await until('the oco held', () => {
    const l = readAttached(e, 'BTC_USDT', () => undefined);
    return l.length === 1 && l[0]!.running ? l : undefined;
  });
  assert.deepEqual(listed.map((a) => [a.id, a.kind, a.triggers]), [[oco.spec.id, 'oco', ['1000000', '1']]], 'one position, one oco');
  assert.equal((await cancelAlgo(ctx, listed[0]!)).kind, 'ok');

  // A take-profit met at once fires before the stop joins it: the join arms nothing.
  s.account.algos = readAttached(e, 'BTC_USDT', () => undefined);
  assert.deepEqual(s.account.algos, []);
  const gone = confirmed(s, 't', ...'1');
  assert.equal((await attachAlgo(ctx, gone.spec)).kind, 'ok');
  s.account.algos = readAttached(e, 'BTC_USDT', () => undefined).filter((a) => a.id === gone.spec.id);
  await until('it to fire', () => endOf(e, gone.spec.id)?.end);
  const late = confirmed(s, 'x', ...'0.5');
  assert.equal(late.replaces?.id, gone.spec.id);
  const before = keptAlgos(e, () => undefined).length;
  const refused = await attachAlgo(ctx, late.spec, late.replaces);
  assert.equal(refused.kind, 'rejected', refused.text);
  assert.match(refused.text, new RegExp(`nothing new armed: algo ${gone.spec.id} has ended meanwhile \\(done: tp placed\\)`));
  assert.equal(keptAlgos(e, () => undefined).length, before, 'no new algo');
  assert.equal(submitsOf(late.spec.legs.find((l) => l.name === 'stop')!.clientOrderId), 0);
});
