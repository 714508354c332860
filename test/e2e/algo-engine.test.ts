/**
 * Conditional orders' engines against the real sandbox behind the fault proxy, fed trades and ticks
 * on an injected clock: what fires, fires once, through the careful-write pipeline with the leg's own
 * client order id; an engine stopped at each point of a firing and restarted from its journal sends
 * nothing twice and loses nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AlgoEngine } from '../../src/core/algo/engine.js';
import type { FirePoint } from '../../src/core/algo/fire-types.js';
import { readAlgoJournal } from '../../src/core/algo/journal.js';
import { endError } from '../../src/core/algo/run.js';
import { findByClientId } from '../../src/core/order/lookup.js';
import { scalarText } from '../../src/util/json.js';
import { algoRig, crashAfterSend } from '../helpers/algo.js';
import { isolatedEnv } from '../helpers/bm.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

const venue = useLibraryVenue(41, { USDT: '100000', BTC: '5' });
const env = isolatedEnv();
const SUBMIT = '/spot/v2/submit_order';
let t = Date.UTC(2026, 10, 25, 12);
const now = () => t;
const trade = (price: string) => ({ kind: 'trade' as const, price, time: (t += 1000) });

test('a stop fires once, at the first trade through its trigger, and the venue has the order by its client order id', async () => {
  const rig = algoRig(venue, env, now);
  const spec = await rig.plan({ kind: 'stop', side: 'sell', trigger: '60000', size: '0.01' }, 'astoponce');
  const e = AlgoEngine.start(spec, rig.journal(), rig.deps);
  const before = venue.proxy.count('POST', SUBMIT);
  for (const p of ['61000', '60500', '60000', '59000', '58000']) await e.feed(trade(p));
  assert.equal(venue.proxy.count('POST', SUBMIT) - before, 1, 'sent once');
  assert.equal(e.state.end, 'done');
  const row = await findByClientId(rig.deps.channel, 'BTC_USDT', 'astoponcestop');
  assert.equal(scalarText(row?.order_id), e.state.legs.stop!.orderId);
  assert.ok(rig.notes.some((n) => /trigger 60000 met by a trade at 60000/.test(n)), rig.notes.join('\n'));
  e.close();
});

test('an OCO leaves exactly one leg filled and the other cancelled, never sent', async () => {
  const rig = algoRig(venue, env, now);
  const spec = await rig.plan({ kind: 'oco', side: 'sell', size: '0.01', tpTrigger: '70000', stopTrigger: '50000' }, 'aocoone');
  const e = AlgoEngine.start(spec, rig.journal(), rig.deps);
  const before = venue.proxy.count('POST', SUBMIT);
  for (const p of ['60000', '70001', '49000']) await e.feed(trade(p));
  assert.equal(venue.proxy.count('POST', SUBMIT) - before, 1);
  assert.deepEqual([e.state.legs.tp!.status, e.state.legs.stop!.status, e.state.end], ['placed', 'cancelled', 'done']);
  const tp = await findByClientId(rig.deps.channel, 'BTC_USDT', 'aocoonetp');
  assert.equal(scalarText(tp?.status), '6', `the take-profit's market sell filled (status ${scalarText(tp?.status)})`);
  assert.equal(await findByClientId(rig.deps.channel, 'BTC_USDT', 'aocoonestop'), undefined, 'the stop never reached the venue');
  e.close();
});

test('a trailing stop follows the high and fires on the retrace', async () => {
  const rig = algoRig(venue, env, now);
  const spec = await rig.plan({ kind: 'trail', side: 'sell', size: '0.01', distance: '2%' }, 'atrailhigh');
  const e = AlgoEngine.start(spec, rig.journal(), rig.deps);
  for (const p of ['60000', '59000', '61000', '63000', '61800']) await e.feed(trade(p));
  assert.equal(e.state.legs.trail!.status, 'armed', '61800 is above 63000 less 2% (61740)');
  assert.equal(e.state.best, '63000');
  await e.feed(trade('61740'));
  assert.equal(e.state.legs.trail!.status, 'placed');
  e.close();
});

test('a TWAP of 4 slices places 4 orders, one as each falls due', async () => {
  const rig = algoRig(venue, env, now);
  const spec = await rig.plan({ kind: 'twap', side: 'sell', size: '0.02', over: '4m', slices: '4' }, 'atwapfour');
  const e = AlgoEngine.start(spec, rig.journal(), rig.deps);
  const before = venue.proxy.count('POST', SUBMIT);
  const start = t;
  for (let s = 0; s <= 240; s += 30) await e.feed({ kind: 'tick', now: start + s * 1000 });
  assert.equal(venue.proxy.count('POST', SUBMIT) - before, 4);
  assert.deepEqual(Object.values(e.state.legs).map((l) => l.status), ['placed', 'placed', 'placed', 'placed']);
  assert.equal(e.state.end, 'done');
  e.close();
});

for (const point of ['before-send', 'after-send', 'after-answer'] as const) {
  test(`an engine stopped ${point} and restarted from its journal fires nothing twice and loses nothing`, async () => {
    let armed = true;
    const crash = (p: FirePoint | 'after-send') => {
      if (armed && p === point) throw new Error(`crash ${point}`);
    };
    const base = algoRig(venue, env, now);
    const channel = crashAfterSend(base.deps.channel, () => armed && point === 'after-send');
    const rig = algoRig(venue, env, now, { channel, at: (p) => crash(p) });
    const id = `acrash${point.replace(/-/g, '')}`;
    const spec = await rig.plan({ kind: 'stop', side: 'sell', trigger: '60000', size: '0.01' }, id);
    const path = rig.journal();
    const first = AlgoEngine.start(spec, path, rig.deps);
    const before = venue.proxy.count('POST', SUBMIT);
    await first.feed(trade('61000'));
    await assert.rejects(first.feed(trade('59000')), new RegExp(`crash ${point}`));
    first.close();
    assert.equal(readAlgoJournal(path).lines.at(-1)!.st.legs.stop!.status, 'sending', 'the leg was journaled as being sent before it left');
    armed = false;
    const second = await AlgoEngine.resume(path, rig.deps);
    assert.equal(second.state.legs.stop!.status, 'placed');
    assert.equal(second.state.end, 'done');
    assert.equal(venue.proxy.count('POST', SUBMIT) - before, 1, point === 'before-send' ? 'sent by the restart alone' : 'the restart found it and sent nothing');
    assert.ok(await findByClientId(rig.deps.channel, 'BTC_USDT', `${id}stop`));
    await second.feed(trade('50000'));
    assert.equal(venue.proxy.count('POST', SUBMIT) - before, 1, 'an ended algo sends nothing more');
    second.close();
  });
}

test('a TWAP stopped after sending its second slice, restarted from its journal, places the rest and nothing twice', async () => {
  let armed = true;
  const base = algoRig(venue, env, now);
  let sends = 0;
  const channel = crashAfterSend(base.deps.channel, () => armed && ++sends === 2);
  const rig = algoRig(venue, env, now, { channel });
  const spec = await rig.plan({ kind: 'twap', side: 'sell', size: '0.03', over: '3m', slices: '3' }, 'atwapcrash');
  const path = rig.journal();
  const first = AlgoEngine.start(spec, path, rig.deps);
  const before = venue.proxy.count('POST', SUBMIT);
  const start = t;
  await first.feed({ kind: 'tick', now: start });
  await assert.rejects(first.feed({ kind: 'tick', now: start + 60_000 }), /crash after-send/);
  first.close();
  armed = false;
  const second = await AlgoEngine.resume(path, rig.deps);
  assert.deepEqual(Object.values(second.state.legs).map((l) => l.status), ['placed', 'placed', 'armed'], 'the second slice found by its client order id');
  await second.feed({ kind: 'tick', now: start + 120_000 });
  assert.equal(second.state.end, 'done');
  assert.equal(venue.proxy.count('POST', SUBMIT) - before, 3, 'three slices, each sent once');
  second.close();
});

test('the deviation guard applies when a limit leg fires: a price too far through the last trade is refused, nothing sent', async () => {
  const rig = algoRig(venue, env, now);
  const spec = await rig.plan({ kind: 'stop', side: 'sell', trigger: '60000', price: '50000', size: '0.01', maxDeviation: '10' }, 'aguarded');
  const e = AlgoEngine.start(spec, rig.journal(), rig.deps);
  const before = venue.proxy.count('POST', SUBMIT);
  await e.feed(trade('59990'));
  assert.equal(venue.proxy.count('POST', SUBMIT), before);
  assert.equal(e.state.end, 'failed');
  assert.match(e.state.legs.stop!.why!, /^not sent: .*50000/);
  const err = endError(spec, e.state, 'order stop');
  assert.equal(err?.category, 'usage', 'nothing was sent: exit 2');
  e.close();
  const loose = await rig.plan({ kind: 'stop', side: 'sell', trigger: '60000', price: '58000', size: '0.01', maxDeviation: '10' }, 'aguardok');
  const ok = AlgoEngine.start(loose, rig.journal(), rig.deps);
  await ok.feed(trade('59990'));
  assert.equal(ok.state.legs.stop!.status, 'placed', 'within 10% of the last trade');
  ok.close();
});
