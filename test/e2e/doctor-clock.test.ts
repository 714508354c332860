/**
 * `bm doctor`'s clock check on a machine whose clock is off from the venue's (the run's clock, in
 * process, against the strict sandbox): it says by how much and which way, warns or fails, and says
 * what to do; the signed call of the credentials check still passes, stamped with the venue's time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WaitClock } from '../../src/util/clock.js';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';

interface Row { check: string; status: string; detail: string; fix: string }

const h = useSandbox(17, { strict: true });

/** The system's clock, `ms` ahead (negative: behind). */
const off = (ms: number): WaitClock => ({
  now: () => Date.now() + ms,
  timer: (after, fn) => {
    const t = setTimeout(fn, after);
    return () => clearTimeout(t);
  },
});

async function doctor(ms: number): Promise<{ code: number; rows: Record<string, Row>; stderr: string }> {
  const made = await runBm(['--base-url', h.base(), 'sandbox', 'account', 'create', '--json'], isolatedEnv());
  assert.equal(made.code, 0, made.stderr);
  const a = JSON.parse(made.stdout) as { key: string; secret: string; memo: string };
  const env = isolatedEnv({ BM_KEYCHAIN_TIMEOUT: '2000', BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
  const r = await runCli(['doctor', '--base-url', h.base(), '-o', 'json'], { env, clock: off(ms) });
  return { code: r.code, stderr: r.stderr, rows: Object.fromEntries((JSON.parse(r.stdout) as Row[]).map((x) => [x.check, x])) };
}

test('a clock an hour ahead of the venue\'s fails the clock check with its size and the fix; signed calls still pass', async () => {
  const { code, rows, stderr } = await doctor(3_600_000);
  const all = `${stderr}\n${JSON.stringify(rows, null, 1)}`;
  assert.equal(code, 5, all);
  assert.equal(rows.clock!.status, 'fail', all);
  // Measured across a request: off by up to half its round trip, however slow the machine.
  assert.match(rows.clock!.detail, /^the local clock is 3[56][0-9]{2}\.[0-9] s \(1 h 0 min\) ahead of the venue's \(offset -3[56][0-9]{5} ms\): /, all);
  assert.match(rows.clock!.fix, /^sync the system clock \(timedatectl set-ntp true\); .*algo runners judge trades by the venue's times/);
  assert.equal(rows.rest!.status, 'ok', all);
  assert.equal(rows.credentials!.status, 'ok', `the signed call goes by the venue's clock: ${rows.credentials!.detail}`);
  assert.match(stderr, /^error: 1 check failed: clock$/m, all);
});

test('a clock a few seconds behind the venue\'s is a warning that says so; within two seconds it is ok', async () => {
  const behind = await doctor(-5000);
  assert.equal(behind.code, 0, behind.stderr);
  assert.equal(behind.rows.clock!.status, 'warn');
  assert.match(behind.rows.clock!.detail, /^the local clock is [3-6]\.[0-9] s behind the venue's \(offset [3-6][0-9]{3} ms\)$/);
  assert.match(behind.rows.clock!.fix, /^sync the system clock/);
  const near = await doctor(0);
  assert.equal(near.rows.clock!.status, 'ok');
  assert.match(near.rows.clock!.detail, /^offset -?[0-9]+ ms from the venue$/);
});
