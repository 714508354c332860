/**
 * Brackets as a web page does them, on the sandbox in this process with its market held still (a trade
 * happens when a test makes one), behind the fault proxy that counts what reached the venue: the exits
 * arm only when, and for what, the entry fills; the first met cancels the entry's rest, then places what
 * filled, the other exit never sent; an order attached to and cancelled leaves nothing armed; an amended
 * entry is followed; a trigger already met is refused before anything is sent. Commands run in process.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keptAlgo } from '../../src/core/algo/store.js';
import { isolatedEnv, type Result, within } from '../helpers/bm.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { useStillVenue } from '../helpers/still-venue.js';

const V = useStillVenue(74, { USDT: '100000', BTC: '5' });
const SUBMIT = '/spot/v2/submit_order';
const CANCEL = '/spot/v3/cancel_order';
// The book as quoted: bid 64997.93, ask 65002.07, last 65000. The entry bids inside the spread, below the last.
const ENTRY = '64999';
const TP = '65001';
const STOP = '64000';

const env = () => isolatedEnv({ BM_BASE_URL: V.proxy.url, BM_API_KEY: V.credentials.key, BM_API_SECRET: V.credentials.secret, BM_API_MEMO: V.credentials.memo });
const submits = (cid: string) => V.proxy.seen.filter((s) => s.path === SUBMIT && s.body.includes(`"${cid}"`)).length;

async function until<T>(check: () => T | undefined | false, what: string): Promise<T> {
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const got = check();
    if (got !== undefined && got !== false) return got;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A command started in process: its id once armed, the notes so far, and its end. */
function start(e: Record<string, string>, args: string[]): { id: Promise<string>; notes: () => string; done: Promise<Result> } {
  let err = '';
  const done = runCli([...args, '--yes', '--json'], { env: e, onStderr: (_c, all) => (err = all) });
  return { id: until(() => /algo (a[0-9a-z]+): armed/.exec(err)?.[1], 'the algo to arm'), notes: () => err, done };
}

const legsOf = (e: Record<string, string>, id: string) => keptAlgo(e, id).record.lines.at(-1)!.st.legs;
const order = (id: string) => V.sandbox.exchange.order(V.sandbox.exchange.accountByKey(V.credentials.key)!.id, 'BTC_USDT', { order_id: id })!;

test('a bracket: nothing fires before the entry fills; a partial fill arms that much; the take-profit cancels the entry\'s rest and sells what filled, the stop never sent', async () => {
  V.trade('65000');
  const e = env();
  const run = start(e, ['order', 'bracket', 'BTC_USDT', '--side', 'buy', '--size', '0.002', '--price', ENTRY, '--take-profit', TP, '--stop', STOP]);
  const id = await run.id;
  const entry = await until(() => legsOf(e, id).entry?.orderId, 'the entry to be placed');
  assert.deepEqual([legsOf(e, id).tp!.status, legsOf(e, id).stop!.status], ['waiting', 'waiting']);
  // Through the take-profit's trigger while nothing has filled, then half the entry fills: the exits arm for 0.001.
  V.trade('65001.5');
  V.trade(ENTRY);
  await until(() => legsOf(e, id).tp!.status === 'armed' || undefined, 'the exits to arm');
  const armed = keptAlgo(e, id).record.lines.at(-1)!.st;
  assert.deepEqual([armed.legs.tp!.size, armed.legs.stop!.size], ['0.001', '0.001']);
  // The trades come in order: the one through the trigger was seen before the fill armed the exits, and sent nothing.
  assert.ok(['65001.50', '64999.00'].includes(armed.last?.price ?? ''), `seen: ${armed.last?.price}`);
  assert.equal(submits(`${id}tp`), 0, 'a take-profit on nothing filled is not sent');
  V.trade('65001.5');
  const r = await within(run.done, `the bracket to end:\n${run.notes()}`);
  assert.equal(r.code, 0, r.stderr);
  const rows = JSON.parse(r.stdout) as Array<Record<string, string>>;
  assert.deepEqual(rows.map((x) => [x.leg, x.status]), [['entry', 'placed'], ['tp', 'placed'], ['stop', 'cancelled']]);
  assert.equal(submits(`${id}tp`), 1);
  assert.equal(submits(`${id}stop`), 0, 'the stop never reached the venue');
  const entryOrder = order(entry);
  assert.deepEqual([String(entryOrder.status), entryOrder.filled_size], ['8', '0.001'], 'the entry\'s rest was cancelled, 0.001 filled');
  const tp = order(rows.find((x) => x.leg === 'tp')!.order_id!);
  assert.deepEqual([tp.side, tp.size], ['sell', '0.001'], 'the take-profit sold what filled');
});

test('exits attached to an open order (--order-id): nothing armed while it is unfilled; the order cancelled, the bracket ends with its exits cancelled unsent', async () => {
  V.trade('65000');
  const e = env();
  const placed = await runBm(['order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', ENTRY, '--yes', '--json'], e);
  assert.equal(placed.code, 0, placed.stderr);
  const orderId = (JSON.parse(placed.stdout) as Record<string, string>).order_id!;
  const run = start(e, ['order', 'bracket', 'BTC_USDT', '--order-id', orderId, '--take-profit', TP, '--stop', STOP]);
  const id = await run.id;
  V.trade('65001.5');
  const cancelled = await runBm(['order', 'cancel', 'BTC_USDT', '--order-id', orderId, '--yes'], e);
  assert.equal(cancelled.code, 0, cancelled.stderr);
  const r = await within(run.done, `the bracket to end:\n${run.notes()}`);
  assert.equal(r.code, 0, `the order's end is the bracket's, not an interruption: ${r.stderr}`);
  const legs = legsOf(e, id);
  assert.deepEqual([legs.entry!.status, legs.tp!.status, legs.stop!.status], ['cancelled', 'cancelled', 'cancelled']);
  assert.equal(submits(`${id}tp`) + submits(`${id}stop`), 0, 'nothing was sent for the exits');
  assert.equal(V.proxy.seen.filter((s) => s.path === CANCEL && s.body.includes(orderId)).length, 1, 'the order was cancelled once, by the user');
});

test('an amended entry is followed: what fills of the new order arms the exits', async () => {
  V.trade('65000');
  const e = env();
  const run = start(e, ['order', 'bracket', 'BTC_USDT', '--side', 'buy', '--size', '0.002', '--price', ENTRY, '--stop', STOP]);
  const id = await run.id;
  const entry = await until(() => legsOf(e, id).entry?.orderId, 'the entry to be placed');
  // The amend's new order held back until the bracket has read its entry cancelled: it must wait, not end.
  const cancelledAt = V.proxy.seen.length;
  // After the cancel the amend reads the old order once; a second read is the bracket's own.
  const readAfterCancel = () => {
    const after = V.proxy.seen.slice(cancelledAt);
    const cancel = after.findIndex((y) => y.path === CANCEL);
    return cancel >= 0 && after.slice(cancel).filter((x) => x.path === '/spot/v1/order_detail' && x.url.includes(entry)).length >= 2;
  };
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const remove = V.proxy.add({ method: 'POST', path: SUBMIT, times: 1, when: (x) => /"client_order_id":"bm/.test(x.body), fault: { kind: 'delay', until: held } });
  const amending = runBm(['order', 'amend', 'BTC_USDT', '--order-id', entry, '--price', '64999.5', '--yes', '--json'], e);
  await until(() => readAfterCancel() || undefined, 'the bracket to read its entry cancelled');
  release();
  const amended = await amending;
  remove();
  assert.equal(amended.code, 0, amended.stderr);
  assert.match(amended.stderr, new RegExp(`conditional order ${id} follows the new order`));
  const moved = (JSON.parse(amended.stdout) as Record<string, string>).order_id!;
  await until(() => legsOf(e, id).entry?.orderId === moved || undefined, 'the bracket to follow the new order');
  V.trade('64999.5');
  await until(() => legsOf(e, id).stop!.status === 'armed' || undefined, 'the stop to arm on the new order\'s fill');
  assert.equal(legsOf(e, id).stop!.size, '0.001');
  const stopped = await runBm(['algo', 'cancel', id, '--yes'], e);
  assert.equal(stopped.code, 0, stopped.stderr);
  await within(run.done, 'the cancelled bracket\'s run to end');
  assert.equal(String(order(moved).status), '8', 'the entry bm placed went with the bracket');
  assert.equal(submits(`${id}stop`), 0);
});

test('an exit that fires while the entry is being amended: the amend\'s new order is cancelled, nothing is left on the book unprotected', async () => {
  V.trade('65000');
  const e = env();
  // Above the bids the trades of the tests before left on the book: the best bid, which the next trade fills.
  const price = '64999.8';
  const run = start(e, ['order', 'bracket', 'BTC_USDT', '--side', 'buy', '--size', '0.002', '--price', price, '--take-profit', TP, '--stop', STOP]);
  const id = await run.id;
  const entry = await until(() => legsOf(e, id).entry?.orderId, 'the entry to be placed');
  // Half the entry fills: the exits arm for 0.001.
  V.trade(price);
  await until(() => legsOf(e, id).tp!.status === 'armed' || undefined, 'the exits to arm');
  // The amend's new order (for the 0.001 left) is held on its way until the take-profit has fired.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const remove = V.proxy.add({ method: 'POST', path: SUBMIT, times: 1, when: (x) => /"client_order_id":"bm/.test(x.body), fault: { kind: 'delay', until: held } });
  const mark = V.proxy.seen.length;
  const amending = runBm(['order', 'amend', 'BTC_USDT', '--order-id', entry, '--price', '64999.7', '--yes', '--json'], e);
  await until(() => V.proxy.seen.slice(mark).some((x) => x.path === SUBMIT && /"client_order_id":"bm/.test(x.body)) || undefined, 'the amend\'s new order to be on its way');
  V.trade('65001.5');
  await until(() => submits(`${id}tp`) === 1 || undefined, 'the take-profit to be sent');
  const r = await within(run.done, `the bracket to end:\n${run.notes()}`);
  assert.equal(r.code, 0, r.stderr);
  release();
  const amended = await amending;
  remove();
  assert.notEqual(amended.code, 0, 'the amend did not leave a new order standing');
  assert.match(amended.stderr, new RegExp(`algo ${id} fired its tp on it as the new order ([0-9]+) was placed: that order was cancelled, nothing filled of it`));
  const placedId = new RegExp(`the new order ([0-9]+) was placed`).exec(amended.stderr)![1]!;
  assert.equal(String(order(placedId).status), '8', 'the amend\'s new order was cancelled');
  const rows = JSON.parse(r.stdout) as Array<Record<string, string>>;
  assert.deepEqual(rows.map((x) => [x.leg, x.status]), [['entry', 'placed'], ['tp', 'placed'], ['stop', 'cancelled']]);
  const tp = order(rows.find((x) => x.leg === 'tp')!.order_id!);
  assert.deepEqual([tp.side, tp.size], ['sell', '0.001'], 'the take-profit sold what filled');
  const open = V.sandbox.exchange.orders(V.sandbox.exchange.accountByKey(V.credentials.key)!.id, 'BTC_USDT', [4, 5], 100);
  assert.deepEqual(open.filter((o) => o.side === 'buy').map((o) => o.order_id), [], 'no buy is left on the book');
});

test('a trigger the market already meets is refused, nothing sent; --immediate takes it as meant', async () => {
  V.trade('65000');
  const e = env();
  const before = V.proxy.seen.length;
  const typo = await runBm(['order', 'take-profit', 'BTC_USDT', '--side', 'sell', '--trigger', '6', '--size', '0.001', '--yes'], e);
  assert.equal(typo.code, 2, typo.stderr);
  assert.match(typo.stderr, /error: take-profit BTC_USDT: the tp trigger 6 is already met: it fires at a trade at or above 6, and the last price is 65000(\.00)?, so it would sell at once; nothing was sent\nhint: check the trigger; if firing at the next trade is meant, add --immediate/);
  assert.equal(V.proxy.seen.filter((s, i) => i >= before && s.method === 'POST').length, 0, 'nothing was sent');
  // A bracket's exits are judged against its entry price, not the market: a buy's take-profit below it is refused.
  const wrong = await runBm(['order', 'bracket', 'BTC_USDT', '--side', 'buy', '--size', '0.001', '--price', ENTRY, '--take-profit', '64000'], e);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /--take-profit: a buy entry's take-profit must be above its price 64999 \(got 64000\)/);
  const meant = start(e, ['order', 'take-profit', 'BTC_USDT', '--side', 'sell', '--trigger', '64999', '--size', '0.001', '--immediate']);
  const id = await meant.id;
  V.trade('65000');
  const r = await within(meant.done, `the take-profit to fire:\n${meant.notes()}`);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(submits(`${id}tp`), 1);
});
