/**
 * A bracket's whole life on a replayed market: the sandbox's book and trades driven by a recording, the
 * entry resting on that book, half filled when the recorded book moves through it; the exits arm for that
 * half; the recorded trade through the take-profit fires it, the entry's rest cancelled first and the stop
 * never sent. Through the fault proxy, which counts what reached the venue.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AlgoEngine } from '../../src/core/algo/engine.js';
import { watchLive } from '../../src/core/algo/run.js';
import { eventLine, headerLine } from '../../src/sandbox/replay/format.js';
import { algoRig } from '../helpers/algo.js';
import { isolatedEnv, until, within } from '../helpers/bm.js';
import { useReplayVenue } from '../helpers/replay-venue.js';

// Near the real time: signed requests carry the caller's clock, and the venue refuses one far from its own.
const T = Math.floor(Date.now() / 1000) * 1000;
const SUBMIT = '/spot/v2/submit_order';
const depth = (at: number, asks: Array<[string, string]>, bids: Array<[string, string]>) => eventLine(T + at, JSON.stringify({ table: 'spot/depth5', data: [{ symbol: 'BTC_USDT', asks, bids }] }));
const trade = (at: number, price: string) => eventLine(T + at, JSON.stringify({ table: 'spot/trade', data: [{ symbol: 'BTC_USDT', price, size: '0.01', side: 'buy', s_t: Math.floor((T + at) / 1000) }] }));
const dir = mkdtempSync(join(tmpdir(), 'bm-bracket-replay-'));
const recording = join(dir, 'bracket.ndjson');
writeFileSync(recording, headerLine('ws://venue/api', ['spot/trade:BTC_USDT', 'spot/depth5:BTC_USDT'], T)
  + depth(500, [['61001', '5']], [['60000', '5']])
  + trade(1000, '60800')
  // The book moves through the entry's bid (60500): 0.01 of its 0.02 fills.
  + depth(3000, [['60400', '0.01'], ['61001', '5']], [['60000', '5']])
  + depth(3500, [['61001', '5']], [['60000', '5']])
  + trade(4000, '61000')
  + trade(5000, '62100')
  + trade(6000, '58000'));

const venue = useReplayVenue(recording, T);

test('a bracket on a replayed market: entry half filled by the book, exits armed for that half, the take-profit fired by a recorded trade, the stop never sent', async () => {
  venue.at(1500);
  const rig = algoRig(venue, isolatedEnv(), Date.now);
  const spec = await rig.plan({ kind: 'bracket', side: 'buy', size: '0.02', price: '60500', stop: '59000', takeProfit: '62000' }, 'areplaybracket');
  const engine = AlgoEngine.start(spec, rig.journal(), rig.deps, rig.where);
  const running = watchLive({ calls: rig.calls, host: rig.deps.host, channel: rig.deps.channel, command: 'order bracket' }, engine, false);
  await until(() => engine.state.legs.entry?.orderId !== undefined, 'the entry to rest on the book', 60_000);
  const entry = engine.state.legs.entry!.orderId!;
  assert.deepEqual([engine.state.legs.tp!.status, engine.state.legs.stop!.status], ['waiting', 'waiting']);
  venue.at(3700);
  await until(() => engine.state.legs.tp!.status === 'armed', 'the exits to arm on the fill', 60_000);
  assert.deepEqual([engine.state.legs.tp!.size, engine.state.legs.stop!.size], ['0.01', '0.01']);
  venue.at(10_000);
  const state = await within(running, `the bracket to end:\n${rig.notes.join('\n')}`);
  assert.equal(state.end, 'done', rig.notes.join('\n'));
  assert.deepEqual([state.legs.entry!.status, state.legs.tp!.status, state.legs.stop!.status], ['placed', 'placed', 'cancelled']);
  const sent = (cid: string) => venue.proxy.seen.filter((s) => s.path === SUBMIT && s.body.includes(`"${cid}"`)).length;
  assert.deepEqual([sent(`${spec.id}entry`), sent(`${spec.id}tp`), sent(`${spec.id}stop`)], [1, 1, 0]);
  const account = venue.server.exchange.accountByKey(venue.credentials.key)!.id;
  const e = venue.server.exchange.order(account, 'BTC_USDT', { order_id: entry })!;
  assert.deepEqual([String(e.status), e.filled_size], ['8', '0.01'], 'the entry\'s rest cancelled before the take-profit');
  const tp = venue.server.exchange.order(account, 'BTC_USDT', { order_id: state.legs.tp!.orderId! })!;
  assert.deepEqual([tp.side, tp.size], ['sell', '0.01']);
  assert.ok(rig.notes.some((n) => /tp: trigger 62000 met by a trade at 62100/.test(n)), rig.notes.join('\n'));
  await engine.close();
});
