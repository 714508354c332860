// The careful-write pipeline on a made-up write endpoint that exists only as a catalogue entry: the
// entry's safety marks alone give it confirmation, a client order id, a dry run, a repeat when it is
// safe, and a lookup that claims nothing it did not prove. The channel is a stand-in venue.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WriteSafety } from '../../../../src/api/catalogue/types.js';
import type { Params } from '../../../../src/api/client.js';
import { Context } from '../../../../src/context.js';
import type { GlobalOptions } from '../../../../src/invocation.js';
import type { WriteChannel, WriteEntry } from '../../../../src/core/write/channel.js';
import { commandLineOf } from '../../../../src/core/write/channel.js';
import { dryRunHost, type WriteHost } from '../../../../src/core/write/host.js';
import { carefulWrite } from '../../../../src/core/write/pipeline.js';
import { fillTemplate } from '../../../../src/core/write/proof.js';
import { BmError } from '../../../../src/errors.js';
import { IO, type Stream } from '../../../../src/render/io.js';

const SAFETY: WriteSafety = {
  confirm: 'Launch {widget}[ named {label}]',
  clientId: { param: 'ref', kind: 'alnum' },
  answer: [{ when: { field: 'launch_id' }, outcome: 'done', say: 'launched' }],
  lookup: {
    endpoint: 'x.get', by: [[['ref', 'ref']]], match: [['ref', 'ref']], expect: 'one', notFound: ['404'],
    verdicts: [{ when: { field: 'state', values: ['live'] }, outcome: 'done', say: 'launched' }, { outcome: 'pending', say: 'not yet' }],
  },
};
const LAUNCH: WriteEntry = { id: 'x.launch', method: 'POST', path: '/x/v1/launch', write: true, safety: SAFETY, command: ['widget', 'launch'], params: [{ name: 'widget', positional: true }, { name: 'label', flag: 'label' }, { name: 'ref', flag: 'ref' }] };
const GET: WriteEntry = { id: 'x.get', method: 'GET', path: '/x/v1/get', command: ['widget', 'get'], params: [{ name: 'ref', flag: 'ref' }] };
const RETRY: WriteEntry = { ...LAUNCH, id: 'x.stop', path: '/x/v1/stop', safety: { ...SAFETY, clientId: undefined, resend: 2, answer: [{ when: { field: 'ok', values: ['true'] }, outcome: 'done', say: 'stopped' }, { when: { field: 'ok', values: ['false'] }, outcome: 'settled', say: 'already stopped' }] } };

type Reply = unknown | Error;

/** A venue that answers each request of an entry from a list (the last one repeats), and records what it got. */
function venue(replies: Record<string, Reply[]>) {
  const sent: Array<{ id: string; params: Params }> = [];
  const dry: Params[] = [];
  const ch: WriteChannel = {
    entry: (id) => (id === 'x.get' ? GET : LAUNCH),
    async send(ep, params) {
      sent.push({ id: ep.id, params });
      const list = replies[ep.id] ?? [];
      const r = list.length > 1 ? list.shift() : list[0];
      if (r instanceof Error) throw r;
      return r;
    },
    async dryRun(_ep, params) {
      dry.push(params);
    },
    rows: (_ep, data) => (data && typeof data === 'object' ? [data as Record<string, unknown>] : []),
    commandLine: (ep, params) => commandLineOf(ep, params),
  };
  return { ch, sent, dry };
}

function context(globals: GlobalOptions) {
  let err = '';
  const sink = (tty: boolean): Stream => ({ write: (s: string) => ((err += s), true), isTTY: tty });
  const io = new IO(sink(false), sink(false), { isTTY: false } as never, {});
  return { ctx: new Context(io, globals, {}), err: () => err };
}

const lost = () => new BmError('network', 'POST /x/v1/launch: timed out after 800 ms', { code: 'TIMEOUT' });
const deps = { sleep: async () => {}, now: () => 1000 };

test('no terminal and no --yes: exit 2 naming what would happen; nothing sent', async () => {
  const v = venue({});
  const { ctx } = context({});
  await assert.rejects(carefulWrite(ctx, v.ch, { ep: LAUNCH, params: [['widget', 'w1']], command: 'widget launch' }, deps), (e: unknown) => {
    assert.ok(e instanceof BmError && e.exitCode === 2);
    assert.match(e.details.hint ?? '', /^add --yes to confirm: Launch w1$/);
    return true;
  });
  assert.equal(v.sent.length, 0);
});

test('any face can host a write: its confirm() is asked once with the line and the context, a refusal sends nothing', async () => {
  const asked: Array<[string, string, readonly string[] | undefined]> = [];
  const notes: string[] = [];
  const host = (answer: 'yes' | 'no'): WriteHost => ({
    dryRun: false,
    note: (line) => notes.push(line),
    confirm: async (what, command, context) => {
      asked.push([what, command, context]);
      if (answer === 'no') throw new BmError('declined', `${command}: not confirmed; nothing was sent`);
    },
  });
  const refused = venue({ 'x.launch': [{ launch_id: '9' }] });
  await assert.rejects(carefulWrite(host('no'), refused.ch, { ep: LAUNCH, params: [['widget', 'w1']], command: 'widget launch', context: ['last 1'] }, deps), /not confirmed/);
  assert.equal(refused.sent.length, 0);
  const agreed = venue({ 'x.launch': [{ launch_id: '9' }] });
  const r = await carefulWrite(host('yes'), agreed.ch, { ep: LAUNCH, params: [['widget', 'w1']], command: 'widget launch', context: ['last 1'] }, deps);
  assert.equal(r?.verdict.say, 'launched');
  assert.deepEqual(asked, [['Launch w1', 'widget launch', ['last 1']], ['Launch w1', 'widget launch', ['last 1']]]);
  assert.equal(agreed.sent.length, 1);
  // A dry run of the same host is confirmed alike and stops before sending.
  const dry = venue({});
  assert.equal(await carefulWrite(dryRunHost(host('yes')), dry.ch, { ep: LAUNCH, params: [['widget', 'w1']], command: 'widget launch' }, deps), undefined);
  assert.equal(dry.sent.length, 0);
  assert.equal(dry.dry.length, 1);
  assert.match(notes.join('\n'), /^dry run: Launch w1$/m);
});

test('--dry-run: the client id is added and shown, the request printed, nothing sent', async () => {
  const v = venue({});
  const { ctx, err } = context({ dryRun: true });
  assert.equal(await carefulWrite(ctx, v.ch, { ep: LAUNCH, params: [['widget', 'w1'], ['label', 'big one']], command: 'widget launch' }, deps), undefined);
  assert.equal(v.sent.length, 0);
  assert.match(String(v.dry[0]!.find(([k]) => k === 'ref')?.[1]), /^bm[0-9a-z]{14,}$/);
  assert.match(err(), /^dry run: Launch w1 named big one$/m);
});

test('a readable answer proves it; an unreadable one is looked up by the client id, never sent again', async () => {
  const ok = venue({ 'x.launch': [{ launch_id: '9' }] });
  const { ctx } = context({ yes: true });
  const r = await carefulWrite(ctx, ok.ch, { ep: LAUNCH, params: [['widget', 'w1'], ['ref', 'mine1']], command: 'widget launch' }, deps);
  assert.equal(r?.verdict.say, 'launched');
  assert.equal(r?.via, 'answer');

  const found = venue({ 'x.launch': ['<html>'], 'x.get': [{ ref: 'mine2', state: 'live' }] });
  const r2 = await carefulWrite(ctx, found.ch, { ep: LAUNCH, params: [['widget', 'w1'], ['ref', 'mine2']], command: 'widget launch' }, deps);
  assert.equal(r2?.via, 'lookup');
  assert.deepEqual(found.sent.map((s) => s.id), ['x.launch', 'x.get']);
});

test('unknown outcomes: another client id, no such order, an order not yet proven, a failed lookup', async () => {
  const { ctx } = context({ yes: true });
  const cases: Array<[Reply, RegExp]> = [
    [{ ref: 'theirs', state: 'live' }, /another order \(ref 'theirs', not 'mine3'\): not proof of ours/],
    [new BmError('venue', 'no such thing', { code: '404' }), /the lookup found no such order \(yet\)/],
    [{ ref: 'mine3', state: 'queued' }, /the order still shows a state that proves nothing after the lookup/],
    [new BmError('network', 'GET /x/v1/get: timed out', { code: 'TIMEOUT' }), /the lookup failed too \(GET \/x\/v1\/get: timed out\)/],
  ];
  for (const [reply, re] of cases) {
    const v = venue({ 'x.launch': [lost()], 'x.get': [reply] });
    await assert.rejects(carefulWrite(ctx, v.ch, { ep: LAUNCH, params: [['widget', 'w1'], ['ref', 'mine3']], command: 'widget launch' }, deps), (e: unknown) => {
      assert.ok(e instanceof BmError && e.category === 'unknown' && e.exitCode === 11, String(e));
      assert.match(e.message, /^widget launch: outcome unknown: POST \/x\/v1\/launch: timed out after 800 ms; /);
      assert.match(e.message, re);
      assert.equal(e.details.hint, 'check with: bm widget get --ref mine3 (do not send it again before you know)');
      return true;
    });
    assert.equal(v.sent.filter((s) => s.id === 'x.launch').length, 1, 'sent once');
  }
});

test('a venue refusal is the venue\'s answer (not unknown); a connection never made is not a lookup', async () => {
  const { ctx } = context({ yes: true });
  const v = venue({ 'x.launch': [new BmError('venue', 'POST /x/v1/launch failed', { code: '50000' })] });
  await assert.rejects(carefulWrite(ctx, v.ch, { ep: LAUNCH, params: [['widget', 'w1']], command: 'widget launch' }, deps), (e: unknown) => e instanceof BmError && e.category === 'venue');
  const refused = venue({ 'x.launch': [new BmError('network', 'connect ECONNREFUSED', { code: 'ECONNREFUSED' })] });
  await assert.rejects(carefulWrite(ctx, refused.ch, { ep: LAUNCH, params: [['widget', 'w1']], command: 'widget launch' }, deps), (e: unknown) => e instanceof BmError && e.category === 'network');
  assert.equal(refused.sent.length, 1, 'no lookup: the request surely never left');
});

test('a repeatable write is sent again while unknown; a repeat that finds it already done proves nothing alone', async () => {
  const { ctx, err } = context({ yes: true });
  const again = venue({ 'x.stop': [lost(), { ok: true }] });
  const r = await carefulWrite(ctx, again.ch, { ep: RETRY, params: [['widget', 'w1']], command: 'widget stop' }, deps);
  assert.equal(r?.verdict.say, 'stopped');
  assert.equal(again.sent.length, 2);
  assert.match(err(), /sending it again, as it is safe to repeat \(1 of 2\)/);

  const already = venue({ 'x.stop': [lost(), { ok: false }], 'x.get': [{ ref: 'r1', state: 'live' }] });
  const r2 = await carefulWrite(ctx, already.ch, { ep: RETRY, params: [['widget', 'w1'], ['ref', 'r1']], command: 'widget stop' }, deps);
  assert.equal(r2?.via, 'lookup', 'the first request may have done it: the lookup decides');
  assert.deepEqual(already.sent.map((s) => s.id), ['x.stop', 'x.stop', 'x.get']);

  const never = venue({ 'x.stop': [lost()], 'x.get': [{ ref: 'r2', state: 'queued' }] });
  await assert.rejects(carefulWrite(ctx, never.ch, { ep: RETRY, params: [['widget', 'w1'], ['ref', 'r2']], command: 'widget stop' }, deps), (e: unknown) => e instanceof BmError && e.exitCode === 11);
  assert.equal(never.sent.filter((s) => s.id === 'x.stop').length, 3, 'once, then twice more');
});

test('templates drop an optional part whose value was not sent; command lines quote what needs it', () => {
  assert.equal(fillTemplate('Cancel order[ {order_id}][ with client order id {client_order_id}] on {symbol}', [['symbol', 'BTC_USDT'], ['client_order_id', 'c1']]), 'Cancel order with client order id c1 on BTC_USDT');
  assert.equal(commandLineOf(LAUNCH, [['widget', 'a b'], ['label', "it's"]]), `bm widget launch 'a b' --label 'it'\\''s'`);
  assert.equal(commandLineOf({ ...LAUNCH, command: undefined }, [['widget', 'w']]), 'bm api POST /x/v1/launch -f widget=w');
});

test('no client id to match (legacy): candidates by fields and creation time, never proven, said how sure', async () => {
  const GUESS: WriteEntry = {
    ...LAUNCH, id: 'y.place', command: ['y', 'place'],
    safety: {
      answer: [{ when: { field: 'entrust_id' }, outcome: 'done', say: 'placed' }],
      lookup: { endpoint: 'x.get', by: [[['symbol', 'symbol']]], match: [['side', 'side'], ['price', 'price']], expect: 'guess', id: 'entrust_id', createdAt: 'timestamp' },
    },
  };
  const { ctx } = context({ yes: true });
  const params: Params = [['symbol', 'BTC_USDT'], ['side', 'buy'], ['price', '30000']];
  const row = (id: string, at: number, price = '30000.00') => ({ entrust_id: id, side: 'buy', price, timestamp: String(at) });
  const cases: Array<[unknown[], RegExp]> = [
    [[row('1', 1000)], /one order \(1\) matches on side, price and was created while the request was out: likely ours, not proven/],
    [[row('1', 1000), row('2', 20_000)], /2 orders \(1, 2\) match on side, price in that time: cannot tell which, if any, is ours/],
    [[row('3', 1000 + 31_000 + 5000), row('4', 1000, '30001')], /no order matches on side, price in that time: likely not placed, not proven/],
  ];
  for (const [rows, re] of cases) {
    const v = venue({ 'y.place': [lost()], 'x.get': [rows] });
    v.ch.rows = (_ep, data) => data as Record<string, unknown>[];
    await assert.rejects(carefulWrite(ctx, v.ch, { ep: GUESS, params, command: 'y place' }, deps), (e: unknown) => {
      assert.ok(e instanceof BmError && e.exitCode === 11);
      assert.match(e.message, re);
      return true;
    });
  }
});
