// The price alert kind (src/core/algo/kinds/alert.ts): planned without a side or a size, fired once by the
// first trade at or through its level (or at once, by the first tick, when the last price met it when it was
// armed), its leg `fired` rather than placed, its --exec run once through a real shell with the alert in
// its environment, and at most once across a restart. Engines on a fake clock; no desktop notifier.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Endpoint } from '../../../../src/api/catalogue/types.js';
import { AlgoEngine } from '../../../../src/core/algo/engine.js';
import { AlgoJournal, readAlgoJournal } from '../../../../src/core/algo/journal.js';
import { initial, step, type AlgoState } from '../../../../src/core/algo/machine.js';
import type { AlgoSpec } from '../../../../src/core/algo/model/spec.js';
import type { Spawner } from '../../../../src/core/algo/notify/spawn.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import type { WriteChannel } from '../../../../src/core/write/channel.js';
import { RULES, T0 } from '../../../helpers/algo-runner.js';
import { fakeClock } from '../../../helpers/fake-clock.js';

const plan = (given: Record<string, string>, id = 'aalert'): AlgoSpec => planAlgo({ kind: 'alert', symbol: 'BTC_USDT', ...given }, RULES, T0, undefined, id);

/** A channel that fails the test if anything is sent: an alert places nothing. */
const noVenue: WriteChannel<Endpoint> = {
  entry: () => assert.fail('an alert reads no endpoint'), send: async () => assert.fail('an alert sends nothing'),
  dryRun: async () => undefined, rows: () => [], commandLine: () => 'bm',
};

/** Node's spawn, with no desktop notifier on the machine (as a server has none). */
const noDesktop: Spawner = (file, args, opts) => spawn(['notify-send', 'osascript'].includes(file) ? 'bm-no-such-notifier' : file, [...args], opts);

function engineOf(spec: AlgoSpec, dir = mkdtempSync(join(tmpdir(), 'bm-alert-'))) {
  const clock = fakeClock(T0);
  const said: string[] = [];
  const deps = { channel: noVenue, host: { dryRun: false, confirm: async () => undefined, note: (l: string) => said.push(l), warn: (l: string) => said.push(`! ${l}`), clock }, command: 'alert add', now: clock.now, spawner: noDesktop };
  const path = join(dir, `${spec.id}.ndjson`);
  return { engine: AlgoEngine.start(spec, path, deps), clock, said, path, deps, dir };
}

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

test('an alert takes no side or size: --above fires on the way up, --below on the way down, once', () => {
  const up = plan({ above: '70000' });
  assert.deepEqual(up.legs[0]!.trigger, { dir: 'up', level: '70000' });
  assert.deepEqual(up.legs[0]!.params, [], 'it places no order');
  const feed = (spec: AlgoSpec, prices: string[]) => {
    let st: AlgoState = initial(spec);
    return prices.map((price, i) => {
      const s = step(spec, st, { kind: 'trade', price, time: T0 + i });
      st = s.state;
      return s.fire.join();
    });
  };
  assert.deepEqual(feed(up, ['69999.99', '70000', '71000']), ['', 'alert', ''], 'at or above, and only once');
  assert.deepEqual(feed(plan({ below: '60000' }), ['60000.01', '70000', '59999', '59000']), ['', '', 'alert', '']);
});

test('--above and --below together, neither, or not a decimal are refused naming the option', () => {
  assert.throws(() => plan({ above: '1', below: '2' }), /--above and --below: give one of them, not both/);
  assert.throws(() => plan({}), /--above or --below is required/);
  assert.throws(() => plan({ below: '6e4' }), /--below: '6e4' is not a plain positive decimal/);
  assert.throws(() => plan({ above: '1', side: 'buy' }), /--side: not taken by alert/);
  assert.throws(() => plan({ above: '1', exec: '  ' }), /--exec: give a command/);
});

test('an alert met when armed is due at once: the first tick fires it, with the last price it was armed at', async () => {
  const armed = plan({ below: '70000', exec: 'printf "%s %s\\n" "$BM_ALERT_PRICE" "$BM_ALERT_TIME" >> fired.txt' });
  const spec: AlgoSpec = { ...armed, metWhenArmed: '65000', legs: armed.legs.map((l) => ({ ...l, due: T0 })) };
  const cwd = mkdtempSync(join(tmpdir(), 'bm-alert-cwd-'));
  const { engine, said } = engineOf({ ...spec, exec: { ...spec.exec!, cwd } });
  await engine.feed({ kind: 'tick', now: T0 });
  const st = engine.state;
  assert.equal(st.end, 'done');
  assert.deepEqual({ status: st.legs.alert!.status, price: st.legs.alert!.price, at: st.legs.alert!.at }, { status: 'fired', price: '65000', at: T0 });
  assert.ok(said.includes(`bm: algo aalert: alert: the last price 65000 already met it when it was armed`), said.join('\n'));
  assert.ok(said.includes(`! bm: algo aalert: alert: fired: BTC_USDT below 70000: last price 65000 (${new Date(T0).toISOString()})`), 'the firing is said even under --quiet');
  assert.deepEqual(lines(join(cwd, 'fired.txt')), [`65000 ${new Date(T0).toISOString()}`], 'run once, in the folder it was added from');
  await engine.close();
});

test('the command runs once, in its folder, with the alert in its environment; its end is said and journaled', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'bm-alert-cwd-'));
  const spec = { ...plan({ above: '70000', exec: 'env | grep ^BM_ALERT_ | sort >> env.txt; echo said; exit 3' }), exec: { command: 'env | grep ^BM_ALERT_ | sort >> env.txt; echo said; exit 3', cwd } };
  const { engine, said, path } = engineOf(spec);
  await engine.feed({ kind: 'trade', price: '69999', time: T0 + 1 });
  await engine.feed({ kind: 'trade', price: '70000.5', time: T0 + 2 });
  await engine.feed({ kind: 'trade', price: '70001', time: T0 + 3 });
  assert.deepEqual(lines(join(cwd, 'env.txt')), [
    'BM_ALERT_DIRECTION=above', 'BM_ALERT_ID=aalert', 'BM_ALERT_LEVEL=70000', 'BM_ALERT_PRICE=70000.5',
    'BM_ALERT_SYMBOL=BTC_USDT', `BM_ALERT_TIME=${new Date(T0 + 2).toISOString()}`, 'BM_ALERT_VENUE=',
  ]);
  assert.ok(said.includes('! bm: algo aalert: alert: --exec exited 3; output: "said"'), said.join('\n'));
  // A failing command does not un-fire the alert.
  assert.equal(engine.state.legs.alert!.status, 'fired');
  assert.equal(engine.state.end, 'done');
  await engine.close();
  const notes = readAlgoJournal(path).lines.flatMap((l) => l.notes);
  assert.ok(notes.includes('alert: --exec exited 3; output: "said"'));
  assert.equal(notes.at(-1), 'alert: fired at 70000.5');
});

test('an alert its runner left being fired is not fired again on resume: at most once', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'bm-alert-cwd-'));
  const spec = { ...plan({ above: '70000', exec: 'echo ran >> ran.txt' }), exec: { command: 'echo ran >> ran.txt', cwd } };
  const { engine, path, deps } = engineOf(spec);
  await engine.close();
  // What a runner killed after journaling the firing, before its notifications were done, leaves.
  const rec = readAlgoJournal(path);
  const j = AlgoJournal.reopen(path, rec);
  j.write({ at: T0 + 5, st: { legs: { alert: { status: 'sending' } }, last: { price: '70002', time: T0 + 4 } }, notes: ['alert: trigger 70000 met by a trade at 70002'] }, true);
  j.close();
  const resumed = await AlgoEngine.resume(path, deps);
  assert.deepEqual(resumed.state.legs.alert, { status: 'fired', price: '70002', at: T0 + 4, why: 'it fired, and its runner stopped before its notifications were done: they are not run again (at most once)' });
  assert.equal(resumed.state.end, 'done');
  await resumed.close();
  assert.deepEqual(lines(join(cwd, 'ran.txt')), [], 'the command was not run by the resume');
});
