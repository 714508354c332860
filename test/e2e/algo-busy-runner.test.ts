/**
 * A busy venue and the processes around a conditional order, against the real sandbox behind the fault
 * proxy: a detached runner stopped while a leg's placement is in flight lets go of the journal only once
 * that firing has stopped at its next wait, and sends nothing after; `bm algo cancel` then settles the leg
 * by a lookup without sending it; and a leg the venue refuses for good is said even under --quiet and
 * shown failed, with the venue's code and message, by `bm algo list` and `bm algo show`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as pause } from 'node:timers/promises';
import { cancelKept, runKept } from '../../src/core/algo/detached.js';
import { AlgoEngine } from '../../src/core/algo/engine.js';
import { algoJournalPath, readAlgoJournal } from '../../src/core/algo/journal.js';
import { lockAlgo } from '../../src/core/algo/store.js';
import { algoRig } from '../helpers/algo.js';
import { isolatedEnv } from '../helpers/bm.js';
import { envelope, type Seen } from '../helpers/fault-proxy.js';
import { runBm } from '../helpers/in-process.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

const v = useLibraryVenue(67, { USDT: '100000', BTC: '5' });
const SUBMIT = '/spot/v2/submit_order';
/** A 429 whose Retry-After is longer than the client waits by itself: it comes back to the engine at once. */
const BUSY = envelope(429, 30013, 'too many requests', {}, { 'retry-after': '61' });

/** Holds this leg's next placement until the test answers it (a 429), and answers any later one so at once; counts them from now. */
function holdNext(id: string) {
  const ours = (s: Seen) => s.body.includes(`"${id}"`);
  const from = v.proxy.seen.length;
  let arrived!: () => void;
  const held = new Promise<void>((r) => (arrived = r));
  let answer!: () => void;
  const answered = new Promise<void>((r) => (answer = r));
  let refused = 0;
  v.proxy.add({ method: 'POST', path: SUBMIT, times: 1, when: (s) => ours(s) && (++refused, arrived(), true), fault: { kind: 'reply', answer: BUSY, until: answered } });
  v.proxy.add({ method: 'POST', path: SUBMIT, when: (s) => ours(s) && (++refused, true), fault: { kind: 'reply', answer: BUSY } });
  const submits = () => v.proxy.seen.slice(from).filter((s) => s.method === 'POST' && s.path === SUBMIT && ours(s)).length;
  return { held, answer, submits, refused: () => refused };
}

/**
 * Runs algo `id` as its detached runner does, stops it (SIGTERM's signal) once its placement is held in
 * flight, and proves it lets go of the journal only after that firing stopped at its next wait, sending
 * nothing after; then cancels it as `bm algo cancel` does (no runner): settled by a lookup, never sent.
 */
async function stopInFlight(env: Record<string, string>, rig: ReturnType<typeof algoRig>, specId: string, hold: ReturnType<typeof holdNext>): Promise<void> {
  const face = { calls: rig.calls, host: rig.deps.host, channel: rig.deps.channel, command: `algo ${specId}` };
  const stop = new AbortController();
  let over = false;
  const running = runKept(rig.port(env), specId, stop.signal).finally(() => (over = true));
  await hold.held;
  const sent = hold.submits();
  stop.abort();
  // A runner that let go at once would be over by now: it has nothing to wait for but the request in flight.
  await pause(50);
  assert.equal(over, false, 'the runner waits for the firing in flight');
  assert.throws(() => lockAlgo(env, specId), /in use by another bm/, 'the journal is still held while the placement is in flight');
  hold.answer();
  const st = await running;
  assert.deepEqual([st.legs.stop!.status, st.legs.stop!.unsent], ['sending', true], 'stopped at its next wait: left being sent, nothing reached the venue');
  assert.equal(hold.submits(), sent, 'nothing sent after the runner was stopped');
  lockAlgo(env, specId)();
  assert.match(readAlgoJournal(algoJournalPath(env, specId)).lines.at(-1)!.notes.join('\n'), /stopped before it could be sent again/);

  const cancelled = await cancelKept(face, env, specId, 'cancelled with bm algo cancel');
  assert.equal(cancelled.legs.stop!.status, 'cancelled');
  assert.equal(cancelled.end, 'cancelled');
  assert.equal(hold.submits(), sent, 'the cancel sent nothing');
  assert.equal(hold.submits() - hold.refused(), 0, 'no placement of this leg reached the venue');
}

test('a runner stopped while the placement of a leg it fired is in flight lets go of the journal only once that firing stopped, and bm algo cancel settles the leg unsent', async () => {
  const env = isolatedEnv();
  const rig = algoRig(v, env, Date.now);
  // A sell stop the market is already through: fired by the runner at the first trade it watches.
  const spec = await rig.plan({ kind: 'stop', side: 'sell', trigger: '1000000', size: '0.01' }, 'abusywatch');
  await AlgoEngine.start(spec, algoJournalPath(env, spec.id), rig.deps, rig.where).close();
  await stopInFlight(env, rig, spec.id, holdNext(`${spec.id}stop`));
});

test('a runner stopped while the resend of a leg left being sent is in flight does the same', async () => {
  const env = isolatedEnv();
  const stopFirst = new AbortController();
  // The first engine stops at its first wait: the leg is left being sent, as a runner stopped there leaves it.
  const rig = algoRig(v, env, Date.now, { signal: stopFirst.signal, sleep: async () => stopFirst.abort() });
  const spec = await rig.plan({ kind: 'stop', side: 'sell', trigger: '60000', size: '0.01' }, 'abusyresent');
  const id = `${spec.id}stop`;
  const removeBusy = v.proxy.add({ method: 'POST', path: SUBMIT, when: (s) => s.body.includes(`"${id}"`), fault: { kind: 'reply', answer: BUSY } });
  const first = AlgoEngine.start(spec, algoJournalPath(env, spec.id), rig.deps, rig.where);
  await first.feed({ kind: 'trade', price: '59000', time: Date.now() });
  await first.close();
  assert.deepEqual([first.state.legs.stop!.status, first.state.legs.stop!.unsent], ['sending', true]);
  removeBusy();
  // The runner resumes it: looked up, not found, sent again; that request is held.
  const hold = holdNext(id);
  await stopInFlight(env, rig, spec.id, hold);
  assert.equal(hold.submits(), 1, 'the runner sent it once');
});

test('a leg the venue refuses (balance not enough) is said even under --quiet, and bm algo list and show give the venue\'s code and message', async () => {
  const c = v.credentials;
  const env = isolatedEnv({ BM_BASE_URL: v.proxy.url, BM_API_KEY: c.key, BM_API_SECRET: c.secret, BM_API_MEMO: c.memo });
  const before = v.proxy.count('POST', SUBMIT);
  // A sell stop the market is already through fires at the first trade; 50 BTC is more than the account holds.
  const r = await runBm(['--quiet', 'order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '50', '--trigger', '1000000', '--immediate', '--yes'], env);
  assert.equal(r.code, 6, r.stderr);
  assert.equal(v.proxy.count('POST', SUBMIT) - before, 1, 'sent once: a refusal is not waited on');
  const loud = r.stderr.split('\n').filter((l) => /^bm: algo \w+: /.test(l));
  assert.equal(loud.length, 1, `only the failure is said under --quiet:\n${r.stderr}`);
  assert.match(loud[0]!, /^bm: algo \w+: stop: failed: POST \/spot\/v2\/submit_order failed: code 50020: Balance not enough$/);
  const id = /^bm: algo (\w+):/.exec(loud[0]!)![1]!;
  const listed = await runBm(['algo', 'list', '--json'], env);
  assert.equal(listed.code, 0, listed.stderr);
  const row = (JSON.parse(listed.stdout) as Array<Record<string, string>>).find((x) => x.algo === id)!;
  assert.equal(row.state, 'failed');
  assert.equal(row.legs, 'stop:failed');
  assert.match(row.note!, /^stop: .*code 50020: Balance not enough/);
  const shown = await runBm(['algo', 'show', id, '--json'], env);
  const [leg] = JSON.parse(shown.stdout) as Array<Record<string, string>>;
  assert.equal(leg!.status, 'failed');
  assert.match(leg!.note!, /code 50020: Balance not enough/);
});
