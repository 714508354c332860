/**
 * The detached runner (the built binary) killed with SIGKILL at each point of a firing, then resumed with
 * `bm algo resume`: nothing fires twice, nothing is lost. The runners are the built binary, started by
 * `--detach` and `bm algo resume` run in this process (as the command line starts them: src/util/own-bin.ts);
 * the commands that only read (`bm order get`, `bm algo logs`) run here too. The fault proxy between the
 * runner and the in-process sandbox brings each kill point about without sleeping:
 * - before send: the submit is held at the proxy (`hang`), never forwarded; by then the leg's `sending`
 *   line is on the disk (it is flushed before the order leaves). For the venue this is a kill before the
 *   order left (the instant between the journal line and the request is covered in process by
 *   algo-engine.test.ts). Proves a leg journaled `sending` that the venue never received is looked up,
 *   found missing, and sent once more with the same client order id.
 * - after send: the submit reached the venue, which placed the order; its answer is kept from the runner
 *   (`lose`). Proves a leg whose order the venue holds is found by its client order id and not sent again.
 * - after answer: the venue's answer is handed to the runner's socket, but the runner is stopped (SIGSTOP)
 *   just before, so it is killed with the answer unread and its journal still saying `sending`. Proves the
 *   same as after send, for the last moment before the journal would record the outcome.
 * Each is run for a stop, an OCO (its take-profit must end cancelled, never sent) and a TWAP killed mid-way
 * (its first slice placed, its third armed, all three placed once in the end). "Once" is counted on the
 * proxy: the submits carrying each leg's client order id; the order the journal names is the venue's.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { setImmediate as turn } from 'node:timers/promises';
import { alive } from '../../src/util/alive.js';
import { keptAlgo, keptAlgos } from '../../src/core/algo/store.js';
import type { LegState } from '../../src/core/algo/machine.js';
import { ensureBuilt, isolatedEnv, within } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import type { Fault, Seen } from '../helpers/fault-proxy.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

const v = useLibraryVenue(61, { USDT: '100000', BTC: '5' });
const SUBMIT = '/spot/v2/submit_order';
const DEADLINE_MS = 60_000;
const envs: Record<string, string>[] = [];

after(() => {
  // A test that failed half-way leaves no runner behind.
  for (const env of envs) for (const k of keptAlgos(env, () => undefined)) if (k.runner) process.kill(k.runner, 'SIGKILL');
});

async function ok(env: Record<string, string>, args: string[]): Promise<Record<string, string>[]> {
  const r = await runBm([...args, '--json'], env);
  // A runner that ended before it took the algo up is named with its log: what it said is part of the failure.
  const log = /its log: (\S+?);?$/m.exec(r.stderr)?.[1];
  const said = log && existsSync(log) ? `\n--- ${log}:\n${readFileSync(log, 'utf8').slice(-4000)}` : '';
  assert.equal(r.code, 0, `bm ${args.join(' ')}: ${r.stderr}${said}`);
  return ([] as Record<string, string>[]).concat(JSON.parse(r.stdout) as Record<string, string>);
}

/** Waits for `check` to hold (polled; a generous deadline, named). */
async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (const end = Date.now() + DEADLINE_MS; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const got = await check();
    if (got !== undefined && got !== false) return got;
  }
  throw new Error(`timed out after ${DEADLINE_MS / 1000} s waiting for ${what}`);
}

/** The submits the proxy received carrying this client order id. */
const submitsOf = (cid: string): Seen[] => v.proxy.seen.filter((s) => s.method === 'POST' && s.path === SUBMIT && s.body.includes(`"${cid}"`));

/** The state of each leg as the journal has it last. */
function legs(env: Record<string, string>, id: string): Readonly<Record<string, LegState>> {
  return keptAlgo(env, id).record.lines.at(-1)!.st.legs;
}

type KillPoint = 'before send' | 'after send' | 'after answer';

/**
 * The fault that holds a firing at `point` on the proxy, and a promise settled once the runner is there
 * (`pidOf`: the runner's pid, read when the fault applies). The fault takes the first submit only.
 */
function faultAt(point: KillPoint, pidOf: () => number): { fault: Fault; there: Promise<void>; held?: () => void } {
  let reached!: () => void;
  const there = new Promise<void>((r) => (reached = r));
  if (point === 'before send') return { fault: { kind: 'hang' }, there, held: reached };
  if (point === 'after send') return { fault: { kind: 'lose' }, there, held: reached };
  return {
    there,
    fault: {
      kind: 'rewrite',
      fn: (answer) => {
        // Stopped before the answer is written back: the runner cannot have read it when it is killed.
        process.kill(pidOf(), 'SIGSTOP');
        reached();
        return answer;
      },
    },
  };
}

interface Case {
  readonly args: string[];
  /** The leg that fires, and the end of each leg after the resume. */
  readonly fires: string;
  readonly ends: Readonly<Record<string, string>>;
  /** The other legs as the journal has them when the runner is killed (a TWAP mid-way). */
  readonly atKill?: Readonly<Record<string, string>>;
}

const STOP: Case = { args: ['order', 'stop', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--trigger', '1000000', '--immediate'], fires: 'stop', ends: { stop: 'placed' } };
// A sell OCO with both triggers above the market: its stop fires at the first trade, its take-profit never.
const OCO: Case = { args: ['order', 'oco', 'BTC_USDT', '--side', 'sell', '--size', '0.01', '--tp-trigger', '2000000', '--stop-trigger', '1000000', '--immediate'], fires: 'stop', ends: { stop: 'placed', tp: 'cancelled' } };

// A TWAP of three slices a second apart, its second slice held: killed mid-way, the resume places the rest.
const TWAP: Case = { args: ['order', 'twap', 'BTC_USDT', '--side', 'sell', '--size', '0.03', '--over', '3s', '--slices', '3'], fires: 's2', atKill: { s1: 'placed', s3: 'armed' }, ends: { s1: 'placed', s2: 'placed', s3: 'placed' } };

async function killAndResume(c: Case, point: KillPoint): Promise<void> {
  ensureBuilt();
  const env = isolatedEnv({ BM_BASE_URL: v.proxy.url, BM_API_KEY: v.credentials.key, BM_API_SECRET: v.credentials.secret, BM_API_MEMO: v.credentials.memo });
  envs.push(env);
  v.proxy.clear();
  // The only algo of this home: its runner may fire before `--detach` has answered.
  const pidOf = () => keptAlgos(env, () => undefined).find((k) => k.runner)?.runner ?? assert.fail('no runner alive');
  const f = faultAt(point, pidOf);
  // The firing of the leg `c.fires` is held; any other leg goes through.
  const firing = new RegExp(`"client_order_id":"a[0-9a-z]+${c.fires}"`);
  v.proxy.add({ method: 'POST', path: SUBMIT, when: (s) => firing.test(s.body), times: 1, fault: f.fault, ...(f.held ? { held: f.held } : {}) });

  const [row] = await ok(env, [...c.args, '--detach', '--yes']);
  const id = row!.algo!;
  const spec = keptAlgo(env, id).record.spec;
  const cid = spec.legs.find((l) => l.name === c.fires)!.clientOrderId;
  await within(f.there, `the firing of ${id} to reach the kill point ${point}`);
  // The answer written back (after answer) is flushed to the stopped runner's socket within this turn.
  await turn();
  const pid = pidOf();
  // The leg's `sending` line was flushed before the order left, and nothing after it is written.
  assert.equal(legs(env, id)[c.fires]?.status, 'sending', `${point}: the journal holds the leg being sent`);
  for (const [leg, status] of Object.entries(c.atKill ?? {})) assert.equal(legs(env, id)[leg]?.status, status, `${leg} when killed`);
  process.kill(pid, 'SIGKILL');
  await until(() => !alive(pid) && keptAlgo(env, id).runner === undefined, `the runner ${pid} to be gone`);
  assert.equal(submitsOf(cid).length, 1, 'one submit before the kill');

  await ok(env, ['algo', 'resume', id]);
  await until(() => keptAlgo(env, id).record.lines.at(-1)!.st.end, `${id} to end after its resume`);
  await until(() => keptAlgo(env, id).runner === undefined || undefined, `the resumed runner of ${id} to exit`);

  const end = legs(env, id);
  assert.deepEqual(Object.fromEntries(Object.entries(end).map(([k, l]) => [k, l.status])), c.ends, `${point}: each leg's end`);
  // Before send the venue never had the order: the resume sent it, once. Otherwise it was found, never sent again.
  assert.equal(submitsOf(cid).length, point === 'before send' ? 2 : 1, `${point}: submits carrying ${cid}`);
  for (const leg of spec.legs) if (leg.name !== c.fires) assert.equal(submitsOf(leg.clientOrderId).length, c.ends[leg.name] === 'placed' ? 1 : 0, `${leg.name}: sent once if placed, else never`);
  const [order] = await ok(env, ['order', 'get', 'BTC_USDT', '--client-order-id', cid]);
  assert.equal(order!.order_id, end[c.fires]!.orderId, 'the order the journal names is the one the venue holds for the leg');
  const notes = (await ok(env, ['algo', 'logs', id])).map((l) => l.note ?? '');
  const settled = point === 'before send' ? `${c.fires}: not on the venue (client order id ${cid}): sending it now` : `${c.fires}: found on the venue by its client order id ${cid}: order ${order!.order_id} (not sent again)`;
  // Every runner starts from the journal: the one `--detach` left, then the one `bm algo resume` started.
  const resumed = notes.flatMap((n, i) => (n === 'resumed' ? [i] : []));
  assert.equal(resumed.length, 2, `two runners:\n${notes.join('\n')}`);
  assert.equal(notes.filter((n) => n === settled).length, 1, `${point}: the log says once how the leg was settled:\n${notes.join('\n')}`);
  assert.ok(notes.indexOf(settled) > resumed[1]!, 'the leg was settled by the second runner');
}

for (const [name, c] of [['stop', STOP], ['OCO', OCO], ['TWAP', TWAP]] as const) {
  for (const point of ['before send', 'after send', 'after answer'] as const) {
    test(`a detached ${name} whose runner is killed ${point} fires once when resumed`, () => killAndResume(c, point));
  }
}
