// The pair's conditional orders read back from their journals: a bracket's exits waiting on its order's
// fills, and one that failed while the terminal was open: kept in the pane (red, with the journal's why)
// until dismissed, said once in the log, and a refresh that says so (the bell rings on it).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readAttached, readPairAlgos, takeAlgos, type SeenAlgos } from '../../../../src/commands/trade/algo-read.js';
import { handleKey } from '../../../../src/commands/trade/keys.js';
import { ordersPane } from '../../../../src/commands/trade/panes.js';
import { AlgoJournal, algoJournalPath, readAlgoJournal } from '../../../../src/core/algo/journal.js';
import type { AlgoState } from '../../../../src/core/algo/machine.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import type { AlgoSpec } from '../../../../src/core/algo/model/spec.js';
import { fixtureState, NOW, RULES } from './fixture.js';

/** A fresh state dir for `fn`, removed after. */
function withDir(fn: (env: { BM_STATE_DIR: string }) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'bm-algo-read-'));
  try {
    fn({ BM_STATE_DIR: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Journals `spec`, then its state `st` at `at` (ms). */
function journal(env: { BM_STATE_DIR: string }, spec: AlgoSpec, lines: Array<{ at: number; st: AlgoState }>): void {
  const j = AlgoJournal.create(algoJournalPath(env, spec.id), spec);
  for (const l of lines) j.write({ ...l, notes: [] }, false);
  j.close();
}

const stop = (n: number) => planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '29000', size: '0.01' }, RULES, NOW + n);
const FAILED: AlgoState = { legs: { stop: { status: 'failed', category: 'venue', why: 'the venue refused it: balance not enough (code 50003)' } }, end: 'failed' };

test('a bracket on an open order: its exits waiting for fills, with their triggers and the order; none marked armed', () => {
  withDir((env) => {
    const spec = planAlgo({ kind: 'bracket', symbol: 'BTC_USDT', orderId: '42', side: 'buy', size: '0.01', price: '30000', stop: '29000', takeProfit: '31000' }, RULES, NOW);
    journal(env, spec, [{ at: NOW, st: { legs: { entry: { status: 'placed', orderId: '42' }, tp: { status: 'waiting' }, stop: { status: 'waiting' } } } }]);
    const [a] = readAttached(env, 'BTC_USDT', () => undefined);
    assert.deepEqual({ kind: a!.kind, order: a!.order, triggers: a!.triggers, exits: a!.exits, end: a!.end }, {
      kind: 'bracket', order: '42', triggers: [], end: undefined,
      exits: [{ name: 'tp', level: '31000', status: 'waiting' }, { name: 'stop', level: '29000', status: 'waiting' }],
    });
    const s = fixtureState();
    s.account.algos = [a!];
    assert.match(ordersPane(s, 80, 20, false).join('\n'), /bracket 0\.01 @ tp 31000\/stop 29000 STOPPED a[0-9a-z]+\s*│?\s*sells on the fills of order 42 \(none filled yet\)/);
  });
});

test('a bracket order: its entry, placed by its runner, is the order its exits follow (and is said to be its own)', () => {
  withDir((env) => {
    const spec = planAlgo({ kind: 'bracket', symbol: 'BTC_USDT', side: 'buy', size: '0.01', price: '30000', stop: '29000' }, RULES, NOW);
    journal(env, spec, [{ at: NOW, st: { legs: { entry: { status: 'placed', orderId: '77', filled: '0.004' }, stop: { status: 'armed', size: '0.004' } } } }]);
    const [a] = readAttached(env, 'BTC_USDT', () => undefined);
    assert.deepEqual({ order: a!.order, placed: a!.placed, triggers: a!.triggers }, { order: '77', placed: true, triggers: ['29000'] });
  });
});

test('an algo that fails while the terminal is open stays in the pane in red with its why, said once in the log, until c dismisses it', () => {
  withDir((env) => {
    const before = stop(0);
    journal(env, before, [{ at: NOW - 5000, st: FAILED }]);
    const live = stop(1);
    journal(env, live, [{ at: NOW, st: { legs: { stop: { status: 'armed' } } } }]);
    const s = fixtureState();
    s.account.orders.clear();
    const seen: SeenAlgos = new Map();
    assert.equal(takeAlgos(s, readPairAlgos(s, env, seen, NOW), NOW), 'changed');
    assert.deepEqual(s.account.algos.map((a) => a.id), [live.id], 'one that failed before the terminal opened is not shown');
    // The live one's runner is refused by the venue.
    const path = algoJournalPath(env, live.id);
    const j = AlgoJournal.reopen(path, readAlgoJournal(path));
    j.write({ at: NOW + 1000, st: FAILED, notes: [] }, false);
    j.close();
    const logged = s.ui.log.length;
    assert.equal(takeAlgos(s, readPairAlgos(s, env, seen, NOW), NOW + 2000), 'failed');
    assert.deepEqual(s.account.algos.map((a) => [a.id, a.end, a.note]), [[live.id, 'failed', 'stop: the venue refused it: balance not enough (code 50003)']]);
    assert.equal(s.ui.log.length, logged + 1);
    assert.match(s.ui.log.at(-1)!.text, new RegExp(`^stop ${live.id} FAILED: stop: the venue refused it: balance not enough \\(code 50003\\); see bm algo show ${live.id}$`));
    assert.equal(s.ui.log.at(-1)!.kind, 'error');
    assert.equal(takeAlgos(s, readPairAlgos(s, env, seen, NOW), NOW + 4000), 'same', 'said once; it stays while its journal is not read again');
    const pane = ordersPane(s, 80, 20, false).join('\n');
    assert.match(pane, new RegExp(`stop sell 0\\.01 @ - FAILED ${live.id}`));
    assert.match(pane, /stop: the venue refused it: balance not enough \(code 50003\) \(c dismisses\)/);
    handleKey(s, 'c');
    assert.equal(s.ui.mode, 'main', 'dismissed at once: nothing to confirm');
    assert.deepEqual(s.account.algos, []);
    assert.equal(takeAlgos(s, readPairAlgos(s, env, seen, NOW), NOW + 6000), 'same');
    assert.deepEqual(s.account.algos, [], 'not shown again');
  });
});
