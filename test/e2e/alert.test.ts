/**
 * Price alerts end to end (bm alert add|list|remove): added by a command run in this process, held by the
 * detached runner it starts (the built binary), against the sandbox in this process with its market held
 * still, moved by a trade the test makes. The alert fires after the command that added it has returned,
 * once: its --exec appends to a file, and a desktop notifier put first on the PATH records what it was
 * asked. Bad input is exit 2 naming the option, nothing armed.
 */
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { keptAlgos, runnerOf } from '../../src/core/algo/store.js';
import { alive } from '../../src/util/alive.js';
import { ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useStillVenue } from '../helpers/still-venue.js';

const v = useStillVenue(83, { USDT: '100000', BTC: '5' });
/** Below the last price (65000) and inside the spread: not met when added; met by a trade at {@link THROUGH}. */
const LEVEL = '64999';
const THROUGH = '64998.5';
/** That trade's price as the venue says it (two places), which the alert reports. */
const SAID = '64998.50';
const DEADLINE_MS = 60_000;
let env: Record<string, string> | undefined;

after(() => {
  // A test that failed half-way leaves no runner behind.
  if (env) for (const k of keptAlgos(env, () => undefined)) if (k.runner) process.kill(k.runner, 'SIGKILL');
});

/**
 * A fresh home whose PATH finds a desktop notifier that appends its arguments to `notified.txt`; with the
 * account's keys unless `keys` is false (a venue of its own address: no sandbox paper account stands in).
 */
function home(keys = true): { env: Record<string, string>; dir: string } {
  ensureBuilt();
  v.trade('65000');
  env = isolatedEnv({ BM_BASE_URL: v.proxy.url, ...(keys ? { BM_API_KEY: v.credentials.key, BM_API_SECRET: v.credentials.secret, BM_API_MEMO: v.credentials.memo } : {}) });
  const dir = env.HOME!;
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'notify-send'), `#!/bin/sh\nprintf '%s|' "$@" >> '${join(dir, 'notified.txt')}'\necho >> '${join(dir, 'notified.txt')}'\n`);
  chmodSync(join(dir, 'bin', 'notify-send'), 0o755);
  env.PATH = `${join(dir, 'bin')}:${env.PATH ?? ''}`;
  return { env, dir };
}

async function ok(e: Record<string, string>, args: string[]): Promise<Record<string, string>[]> {
  const r = await runBm([...args, '--json'], e);
  assert.equal(r.code, 0, `bm ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, string>[];
}

async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (const end = Date.now() + DEADLINE_MS; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const got = await check();
    if (got !== undefined) return got;
  }
  throw new Error(`timed out after ${DEADLINE_MS / 1000} s waiting for ${what}`);
}

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const listed = async (e: Record<string, string>, id: string) => (await ok(e, ['alert', 'list'])).find((r) => r.alert === id);

test('an alert fires after the command that added it has returned: its --exec runs once, the desktop is told, bm alert list shows it fired', async () => {
  const { env: e, dir } = home();
  const out = join(dir, 'fired.txt');
  const [row] = await ok(e, ['alert', 'add', 'BTC_USDT', '--below', LEVEL, '--exec', `echo "$BM_ALERT_ID $BM_ALERT_SYMBOL $BM_ALERT_DIRECTION $BM_ALERT_LEVEL $BM_ALERT_PRICE $BM_ALERT_VENUE" >> '${out}'`]);
  const id = row!.alert!;
  assert.deepEqual([row!.symbol, row!.direction, row!.level, row!.state, row!.fired_at], ['BTC_USDT', 'below', LEVEL, 'running', '']);
  const pid = Number(row!.runner);
  assert.ok(alive(pid), 'a runner of its own holds it');
  // The adding command is over; the market moves through the level.
  v.trade(THROUGH);
  const fired = await until(async () => {
    const r = await listed(e, id);
    return r?.state === 'fired' ? r : undefined;
  }, `${id} to fire`);
  assert.equal(fired.price, SAID);
  assert.match(fired.fired_at!, /^\d{4}-\d\d-\d\dT/);
  await until(async () => (runnerOf(e, id) === undefined && !alive(pid) ? true : undefined), 'its runner to end with it');
  // Through the level again: nothing holds it any more, and it fired once.
  v.trade(THROUGH);
  assert.deepEqual(lines(out), [`${id} BTC_USDT below ${LEVEL} ${SAID} ${v.proxy.url}`]);
  assert.deepEqual(lines(join(dir, 'notified.txt')), [`--app-name=bm|bm: BTC_USDT below ${LEVEL}|last price ${SAID} (alert ${id})|`]);
  const log = readFileSync(join(e.XDG_STATE_HOME!, 'bm', 'algos', `${id}.log`), 'utf8');
  assert.match(log, new RegExp(`bm: algo ${id}: alert: fired: BTC_USDT below ${LEVEL}: last price ${SAID} \\(`));
  assert.match(log, /alert: --exec exited 0\n/);
  const [algo] = (await ok(e, ['algo', 'list'])).filter((r) => r.algo === id);
  assert.deepEqual([algo!.kind, algo!.side, algo!.state, algo!.legs], ['alert', '', 'done', 'alert:fired']);
  const again = await runBm(['alert', 'remove', id], e);
  assert.equal(again.code, 2);
  assert.match(again.stderr, new RegExp(`alert remove: ${id} has already fired: nothing to remove`));
});

test('an alert whose level the last price already meets fires at once, with no trade; it needs no API key, and is bound to no account', async () => {
  const { env: e, dir } = home(false);
  const out = join(dir, 'fired.txt');
  const r = await runBm(['alert', 'add', 'BTC_USDT', '--above', '1', '--exec', `echo "$BM_ALERT_PRICE" >> '${out}'`, '--json'], e);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /the last price 65000.00 already meets it: it fires at once/);
  const id = (JSON.parse(r.stdout) as Record<string, string>[])[0]!.alert!;
  const fired = await until(async () => {
    const row = await listed(e, id);
    return row?.state === 'fired' ? row : undefined;
  }, `${id} to fire at once`);
  assert.equal(fired.price, '65000.00');
  assert.deepEqual(lines(out), ['65000.00']);
  assert.deepEqual(keptAlgos(e, () => undefined).find((k) => k.id === id)?.record.where?.account, { from: 'none' });
});

test('bm alert remove stops an armed alert: it never fires; bad input is exit 2 naming the option, nothing armed', async () => {
  const { env: e, dir } = home();
  const out = join(dir, 'fired.txt');
  const [row] = await ok(e, ['alert', 'add', 'BTC_USDT', '--below', LEVEL, '--exec', `echo ran >> '${out}'`]);
  const id = row!.alert!;
  const [removed] = await ok(e, ['alert', 'remove', 'last']);
  assert.deepEqual([removed!.alert, removed!.state, removed!.runner], [id, 'removed', '']);
  v.trade(THROUGH);
  assert.equal((await listed(e, id))!.state, 'removed');
  for (const [args, said] of [
    [['--above', '1', '--below', '2'], /^error: --above and --below: give one of them, not both$/m],
    [[], /^error: --above or --below is required/m],
    [['--above', '70k'], /^error: --above: '70k' is not a plain positive decimal/m],
  ] as const) {
    const bad = await runBm(['alert', 'add', 'BTC_USDT', ...args], e);
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, said);
  }
  const pair = await runBm(['alert', 'add', 'NOPE_USDT', '--above', '1'], e);
  assert.equal(pair.code, 2, pair.stderr);
  assert.match(pair.stderr, /^error: SYMBOL: no pair NOPE_USDT on this venue/m);
  assert.deepEqual((await ok(e, ['alert', 'list'])).map((r) => r.alert), [id], 'nothing else was armed');
  assert.deepEqual(lines(out), []);
});
