// A bracket's exit sized by what its entry filled (src/core/algo/follow.ts, sizedExit), when an amend has
// replaced the entry's order: the exit is noted beside the bracket before anything is cancelled, the amend's
// new order is the entry's too (its rest cancelled, what filled of it in the exit).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpoint } from '../../../../src/api/catalogue/index.js';
import type { Endpoint } from '../../../../src/api/catalogue/types.js';
import { sizedExit } from '../../../../src/core/algo/follow.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import type { WriteChannel } from '../../../../src/core/write/channel.js';
import { RULES, T0 } from '../../../helpers/algo-runner.js';

test('an exit fired after an amend replaced the entry\'s order: noted first, both orders\' rests cancelled, the exit sized by what filled of both', async () => {
  const spec = planAlgo({ kind: 'bracket', symbol: 'BTC_USDT', side: 'buy', size: '0.002', price: '64999', takeProfit: '65001', stop: '64000' }, RULES, T0, undefined, 'afol');
  const said: string[] = [];
  const filled: Record<string, string> = { 1: '0.001', 2: '0.0005' };
  const channel: WriteChannel<Endpoint> = {
    entry: endpoint,
    send: async (ep, params) => {
      const id = String(params.find(([k]) => k === 'order_id')?.[1]);
      said.push(`${ep.id} ${id}`);
      return ep.id === 'spot.order.detail' ? { order_id: id, status: '8', filled_size: filled[id] } : { order_id: id };
    },
    dryRun: async () => undefined,
    rows: (_ep, data) => [data as Record<string, unknown>],
    commandLine: () => 'bm',
  };
  const moves = {
    fired: (id: string, from: string, leg: string) => void said.push(`fired ${id} ${from} ${leg}`),
    to: (_id: string, from: string) => (from === '1' ? '2' : undefined),
  };
  const tp = spec.legs.find((l) => l.name === 'tp')!;
  const sized = await sizedExit({ channel, host: { dryRun: false, confirm: async () => undefined, note: () => undefined }, command: 'order bracket', moves }, spec, tp, { status: 'placed', orderId: '1' });
  assert.ok('leg' in sized, JSON.stringify(sized));
  assert.equal(said[0], 'fired afol 1 tp', 'the amend is told before anything is cancelled');
  assert.deepEqual([...new Set(said.filter((s) => s.startsWith('spot.order.cancel')).map((s) => s.split(' ')[1]))], ['1', '2'], 'the rests of the old order and of the one that replaced it');
  assert.equal(sized.leg.params.find(([k]) => k === 'size')?.[1], '0.0015', 'what filled of both');
});
