/**
 * A fired leg never dies of a busy venue: against the real sandbox behind the fault proxy, a leg met by a
 * 418 (with or without Retry-After), a minute of 429s, refused connections or a 5xx is looked up and sent
 * again with the same client order id until it is placed, and reaches the venue once; a cancel during the
 * waits sends nothing and settles the leg by a lookup (cancelled when nothing reached the venue, else
 * unknown); a refusal of the venue's own (balance) fails at once, loudly.
 *
 * One virtual time for everything: the sandbox's clock (signed timestamps, rate windows; its market held
 * still), the client's (its 418 block, rate pauses, lookup retries: each timer fires at once, the time moved
 * to when it was due) and the engine's waits (the rig's `sleep` moves it). Only the request timeout is left
 * on real time, and no request here waits for it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CurrentCalls } from '../../src/core/calls.js';
import { cancelKept } from '../../src/core/algo/detached.js';
import { AlgoEngine } from '../../src/core/algo/engine.js';
import type { EngineDeps } from '../../src/core/algo/engine-deps.js';
import { algoJournalPath, readAlgoJournal } from '../../src/core/algo/journal.js';
import { planAlgo } from '../../src/core/algo/plan.js';
import { endError } from '../../src/core/algo/run.js';
import type { AlgoSpec } from '../../src/core/algo/model/spec.js';
import type { WaitClock } from '../../src/util/clock.js';
import { findByClientId } from '../../src/core/order/lookup.js';
import { pairRules } from '../../src/core/order/pairs.js';
import { explicitVenue } from '../../src/core/venue.js';
import type { WriteHost } from '../../src/core/write/host.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { scalarText } from '../../src/util/json.js';
import { isolatedEnv } from '../helpers/bm.js';
import { envelope, startFaultProxy, type FaultProxy, type Seen } from '../helpers/fault-proxy.js';

const SUBMIT = '/spot/v2/submit_order';
const DETAIL = '/spot/v1/order_detail';
/** The request timeout: the one timer on real time (no request here is left unanswered). */
const REQUEST_TIMEOUT_MS = 45_678;

let t = Date.now();
const held = t;
const clock: WaitClock = {
  now: () => t,
  timer(ms, fn) {
    if (ms === REQUEST_TIMEOUT_MS) {
      const h = setTimeout(fn, ms);
      return () => clearTimeout(h);
    }
    const due = t + ms;
    const h = setImmediate(() => {
      t = Math.max(t, due);
      fn();
    });
    return () => clearImmediate(h);
  },
};

let sandbox: RunningSandbox;
let proxy: FaultProxy;
let creds: { key: string; secret: string; memo: string };
/** Every request the proxy received, with the virtual time it arrived. */
const seen: Array<{ readonly t: number; readonly s: Seen }> = [];

before(async () => {
  sandbox = await startServer({ port: 0, seed: 61, strict: true, warmUpMs: 0, log: () => undefined, clock: () => t, marketClock: () => held });
  proxy = await startFaultProxy(sandbox.url);
  // Matches nothing: it only notes the time of every request, before the rules that act.
  proxy.add({ when: (s) => (seen.push({ t, s }), false), fault: { kind: 'hang' } });
  const a = sandbox.exchange.createAccount({ USDT: '100000', BTC: '5' });
  creds = { key: a.key, secret: a.secret, memo: a.memo };
});

after(async () => {
  await proxy.close();
  await sandbox.close();
});

/** The requests that carried this leg's client order id: its placements, or its lookups. */
const submits = (id: string) => seen.filter((r) => r.s.path === SUBMIT && r.s.body.includes(`"${id}"`));
const lookups = (id: string) => seen.filter((r) => r.s.path === DETAIL && r.s.url.includes(id));
const ours = (id: string) => (s: Seen) => s.body.includes(`"${id}"`) || s.url.includes(id);

interface Rig {
  readonly env: Record<string, string>;
  readonly deps: EngineDeps;
  readonly notes: string[];
  readonly warns: string[];
  /** Each wait of the engine between two attempts, ms. */
  readonly waits: number[];
  /** From now on the venue's address refuses connections (true), or answers again. */
  refuse(on: boolean): void;
  plan(id: string, size?: string): Promise<AlgoSpec>;
}

/**
 * An engine's deps on the proxy, on the virtual time; `onWait` runs in each wait of the engine (after the
 * time has moved past it), `extra` replaces any dep.
 */
function rig(onWait: (n: number) => void = () => undefined, extra: Partial<EngineDeps> = {}): Rig {
  const env = isolatedEnv();
  let refusing = false;
  // Port 1 on loopback: nothing listens there, the connection is refused before anything leaves.
  const venue = { ...explicitVenue(proxy.url, undefined, undefined, undefined, creds), baseUrl: async () => (refusing ? 'http://127.0.0.1:1' : proxy.url) };
  const calls = new CurrentCalls({ venue, env, timeoutMs: REQUEST_TIMEOUT_MS, note: () => undefined, gateTrace: () => undefined, clock });
  const notes: string[] = [];
  const warns: string[] = [];
  const waits: number[] = [];
  const host: WriteHost = { dryRun: false, confirm: async () => undefined, note: (l) => notes.push(l), warn: (l) => warns.push(l), clock };
  const deps: EngineDeps = {
    channel: calls.channel(async () => undefined), host, command: 'order stop', now: () => t,
    sleep: async (ms) => {
      waits.push(ms);
      t += ms;
      onWait(waits.length);
    },
    ...extra,
  };
  return {
    env, deps, notes, warns, waits,
    refuse: (on) => void (refusing = on),
    plan: async (id, size = '0.01') => planAlgo({ symbol: 'BTC_USDT', kind: 'stop', side: 'sell', trigger: '60000', size }, await pairRules({ env, baseUrl: async () => proxy.url, calls: async () => calls }, 'BTC_USDT'), t, undefined, id),
  };
}

/** Starts a stop and feeds it a trade through its trigger: resolves once the leg is settled (or stopped). */
async function fire(r: Rig, spec: AlgoSpec): Promise<AlgoEngine> {
  const e = AlgoEngine.start(spec, algoJournalPath(r.env, spec.id), r.deps);
  await e.feed({ kind: 'trade', price: '61000', time: t });
  await e.feed({ kind: 'trade', price: '59000', time: t });
  return e;
}

/** A rule answering this leg's placements (never forwarded) while `when` holds; the count of those it answered. */
function answer(id: string, status: number, code: number, message: string, headers: Record<string, string> = {}, when: () => boolean = () => true, times?: number) {
  let n = 0;
  proxy.add({ method: 'POST', path: SUBMIT, ...(times ? { times } : {}), when: (s) => ours(id)(s) && when() && (++n, true), fault: { kind: 'reply', answer: envelope(status, code, message, {}, headers) } });
  return () => n;
}

/** The leg's states in the journal, one per line after the header. */
const legLines = (r: Rig, spec: AlgoSpec) => readAlgoJournal(algoJournalPath(r.env, spec.id)).lines.map((l) => ({ ...l.st.legs.stop!, notes: l.notes }));

async function placedOnce(r: Rig, spec: AlgoSpec, e: AlgoEngine, answered: number): Promise<void> {
  assert.equal(e.state.legs.stop!.status, 'placed', r.notes.join('\n'));
  assert.equal(e.state.end, 'done');
  assert.equal(submits(`${spec.id}stop`).length - answered, 1, 'the placement reached the venue exactly once');
  const row = await findByClientId(r.deps.channel, 'BTC_USDT', `${spec.id}stop`);
  assert.equal(scalarText(row?.order_id), e.state.legs.stop!.orderId, 'the venue holds it under the leg\'s client order id');
  assert.deepEqual(r.warns, [], 'nothing failed');
}

for (const retryAfter of [undefined, 90] as const) {
  test(`a 418 ${retryAfter ? 'with Retry-After' : 'without Retry-After'} at firing: the block is waited out with nothing sent, then the leg is looked up and placed once`, async () => {
    const r = rig();
    const spec = await r.plan(retryAfter ? 'abusy418ra' : 'abusy418');
    const id = `${spec.id}stop`;
    const answered = answer(id, 418, 30017, 'temporarily rejected for rate-limit violations', retryAfter ? { 'retry-after': String(retryAfter) } : {}, undefined, 1);
    const e = await fire(r, spec);
    await placedOnce(r, spec, e, answered());
    const block = retryAfter ? retryAfter * 1000 : 60_000;
    assert.deepEqual(r.waits, [block], 'one wait, as long as the block: a minute when the venue does not say');
    const [first, second] = submits(id);
    assert.ok(second!.t - first!.t >= block, 'sent again only once the block was over');
    assert.deepEqual(seen.filter((x) => x.t > first!.t && x.t < first!.t + block).map((x) => x.s.url), [], 'nothing at all went to the venue during the block');
    assert.equal(seen.slice(seen.indexOf(first!), seen.indexOf(second!)).filter((x) => lookups(id).includes(x)).length, 1, 'looked up before it was sent again');
    assert.ok(r.notes.some((n) => new RegExp(`stop: .*code 30017.*; nothing reached the venue: looking it up, then sending it again, in ${block / 1000} s`).test(n)), r.notes.join('\n'));
    const waiting = legLines(r, spec).find((l) => l.notes.some((n) => /looking it up, then sending it again/.test(n)));
    assert.deepEqual([waiting?.status, waiting?.unsent], ['sending', true], 'the wait is journaled, the leg proven unsent so far');
    await e.close();
  });
}

test('a minute of 429s at firing: backed off 1, 2, 4, 8, 16 then 30 s, looked up before each resend, placed once after', async () => {
  const r = rig();
  const spec = await r.plan('abusy429');
  const id = `${spec.id}stop`;
  const until = t + 60_000;
  const answered = answer(id, 429, 30013, 'too many requests', {}, () => t < until);
  const e = await fire(r, spec);
  // Each resend after a wait (the client's own retries of a 429 aside) follows a lookup of the leg.
  assert.equal(lookups(id).length, r.waits.length, 'one lookup before each resend');
  await placedOnce(r, spec, e, answered());
  assert.ok(answered() > 1);
  assert.deepEqual(r.waits.slice(0, 5), [1000, 2000, 4000, 8000, 16_000]);
  assert.ok(r.waits.slice(5).every((w) => w === 30_000), `${r.waits.join(' ')}`);
  const placedAt = submits(id).at(-1)!.t;
  assert.ok(placedAt >= until, 'the one that reached the venue went after the minute of 429s');
  // A 429 is a refusal: each wait journals the leg proven unsent; the line before each resend leaves, maybe sent (a death in the request).
  const lines = legLines(r, spec);
  const waiting = lines.filter((l) => l.notes.some((n) => /then sending it again/.test(n)));
  const resending = lines.filter((l) => l.notes.some((n) => /sending it again with the same client order id/.test(n)));
  assert.deepEqual([waiting.length, resending.length], [r.waits.length, r.waits.length]);
  assert.ok(waiting.every((l) => l.status === 'sending' && l.unsent === true));
  assert.ok(resending.every((l) => l.status === 'sending' && l.unsent === undefined));
  await e.close();
});

test('REST refused for 15 s: nothing reaches the venue meanwhile, the leg stays proven unsent, and is placed once after', async () => {
  const start = t;
  const r = rig(() => {
    if (t >= start + 15_000) r.refuse(false);
  });
  const spec = await r.plan('abusyrefused');
  const id = `${spec.id}stop`;
  r.refuse(true);
  const e = await fire(r, spec);
  await placedOnce(r, spec, e, 0);
  assert.deepEqual(submits(id).map((x) => x.t >= start + 15_000), [true], 'only the attempt after the refusals reached the proxy');
  assert.deepEqual(r.waits, [1000, 2000, 4000, 8000]);
  assert.ok(r.notes.some((n) => /ECONNREFUSED.*nothing reached the venue/.test(n)), r.notes.join('\n'));
  const waits = legLines(r, spec).filter((l) => l.notes.some((n) => /then sending it again/.test(n)));
  assert.equal(waits.length, 4);
  assert.ok(waits.every((l) => l.unsent === true), 'each wait journaled with the leg proven unsent');
  await e.close();
});

test('a 5xx after the venue placed it, its first lookups failing too: found by a later lookup, never sent again', async () => {
  const r = rig();
  const spec = await r.plan('abusy5xx');
  const id = `${spec.id}stop`;
  proxy.add({ method: 'POST', path: SUBMIT, times: 1, when: ours(id), fault: { kind: 'rewrite', fn: () => envelope(502, 30014, 'service unavailable') } });
  // The pipeline's own lookup (three reads) fails: the outcome is unknown, and the engine looks again after its wait.
  proxy.add({ method: 'GET', path: DETAIL, times: 3, when: ours(id), fault: { kind: 'reply', answer: envelope(503, 30014, 'service unavailable') } });
  const e = await fire(r, spec);
  await placedOnce(r, spec, e, 0);
  assert.equal(submits(id).length, 1, 'sent once: the placement the 5xx hid was found, not sent again');
  assert.deepEqual(r.waits, [1000]);
  assert.ok(r.notes.some((n) => /it may have reached the venue: looking it up/.test(n)), r.notes.join('\n'));
  await e.close();
});

test('stopped by its signal during the waits of 429s, then cancelled: nothing reached the venue, the leg is cancelled', async () => {
  const stop = new AbortController();
  const r = rig((n) => n === 2 && stop.abort(), {});
  const deps = { ...r.deps, signal: stop.signal };
  const spec = await r.plan('abusystop');
  const id = `${spec.id}stop`;
  const answered = answer(id, 429, 30013, 'too many requests');
  const e = AlgoEngine.start(spec, algoJournalPath(r.env, spec.id), deps);
  await e.feed({ kind: 'trade', price: '59000', time: t });
  const sentBefore = submits(id).length;
  assert.deepEqual([e.state.legs.stop!.status, e.state.legs.stop!.unsent], ['sending', true], 'stopped at its wait, left being sent');
  await e.cancel('cancelled by the user');
  assert.equal(submits(id).length, sentBefore, 'nothing sent after the signal');
  assert.equal(submits(id).length - answered(), 0, 'nothing ever reached the venue');
  assert.equal(e.state.legs.stop!.status, 'cancelled');
  assert.match(e.state.legs.stop!.why!, /never sent/);
  assert.equal(e.state.end, 'cancelled');
  assert.equal(await findByClientId(r.deps.channel, 'BTC_USDT', id), undefined);
  await e.close();
});

test('bm algo cancel of a leg left being sent (no runner): settled by a lookup, never sent; unknown when an attempt may have reached the venue', async () => {
  for (const maybe of [false, true]) {
    const stop = new AbortController();
    const r = rig(() => stop.abort());
    const spec = await r.plan(maybe ? 'abusymaybe' : 'abusyunsent');
    const id = `${spec.id}stop`;
    // A 502 the proxy makes itself: the venue never saw it, but the client cannot tell; a 429 is a refusal.
    const answered = maybe ? answer(id, 502, 30014, 'service unavailable') : answer(id, 429, 30013, 'too many requests');
    const e = AlgoEngine.start(spec, algoJournalPath(r.env, spec.id), { ...r.deps, signal: stop.signal });
    await e.feed({ kind: 'trade', price: '59000', time: t });
    await e.close();
    const left = legLines(r, spec).at(-1)!;
    assert.deepEqual([left.status, left.unsent], ['sending', maybe ? undefined : true], 'the journal says whether an attempt may have reached the venue');
    const before = submits(id).length;
    const looked = lookups(id).length;
    const face = { calls: new CurrentCalls({ venue: explicitVenue(proxy.url, undefined, undefined, undefined, creds), env: r.env, timeoutMs: REQUEST_TIMEOUT_MS, note: () => undefined, gateTrace: () => undefined, clock }), host: r.deps.host, channel: r.deps.channel, command: 'algo cancel', clock };
    const st = await cancelKept(face, r.env, spec.id, 'cancelled with bm algo cancel');
    assert.equal(submits(id).length, before, 'the cancel sent nothing');
    assert.equal(submits(id).length - answered(), 0);
    assert.equal(lookups(id).length, looked + 1, 'it looked the leg up');
    if (!maybe) {
      assert.equal(st.legs.stop!.status, 'cancelled');
      assert.equal(st.end, 'cancelled');
    } else {
      assert.equal(st.legs.stop!.status, 'unknown');
      assert.equal(st.end, 'unknown');
      assert.match(st.legs.stop!.why!, new RegExp(`may have reached the venue: look it up with: bm order get BTC_USDT --client-order-id ${id}`));
      assert.equal(endError(spec, st, 'algo cancel')?.category, 'unknown');
    }
  }
});

test('a leg left being sent by a stopped engine is resumed (not cancelled): looked up, then sent with the same id, placed once', async () => {
  const stop = new AbortController();
  const r = rig(() => stop.abort());
  const spec = await r.plan('abusyresume');
  const id = `${spec.id}stop`;
  let busy = true;
  const answered = answer(id, 429, 30013, 'too many requests', {}, () => busy);
  const first = AlgoEngine.start(spec, algoJournalPath(r.env, spec.id), { ...r.deps, signal: stop.signal });
  await first.feed({ kind: 'trade', price: '59000', time: t });
  await first.close();
  assert.equal(first.state.legs.stop!.status, 'sending');
  busy = false;
  const looked = lookups(id).length;
  const second = await AlgoEngine.resume(algoJournalPath(r.env, spec.id), r.deps);
  assert.equal(lookups(id).length, looked + 1, 'looked up first');
  await placedOnce(r, spec, second, answered());
  await second.close();
});

test('the venue\'s own refusal (balance not enough) fails the leg at once, loudly, with the venue\'s code and message, sent once', async () => {
  const r = rig();
  const spec = await r.plan('abusybalance', '50');
  const id = `${spec.id}stop`;
  const e = await fire(r, spec);
  assert.equal(e.state.legs.stop!.status, 'failed');
  assert.equal(e.state.end, 'failed');
  assert.match(e.state.legs.stop!.why!, /code 50020: Balance not enough/);
  assert.deepEqual(r.waits, [], 'not waited on: the venue refused it');
  assert.equal(submits(id).length, 1);
  assert.equal(r.warns.length, 1, 'said as a warning (stderr even under --quiet)');
  assert.match(r.warns[0]!, new RegExp(`^bm: algo ${spec.id}: stop: failed: .*code 50020: Balance not enough`));
  assert.equal(endError(spec, e.state, 'order stop')?.category, 'venue');
  await e.close();
});
