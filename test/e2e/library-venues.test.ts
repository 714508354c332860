/**
 * Where a library client sends when it names no address: the machine's running sandbox and its paper
 * account, or a `bm` profile, read as the command line (run in this process) reads them; and the
 * sandbox's limits. The sandboxes start without warm-up (none of these reads a past trade). Only the
 * sandbox as a child process needs the built binary: it runs the package's `bm sandbox serve`.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BmError, Client, startSandbox, type RunningVenue } from '../../src/lib/index.js';
import { ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

let venue: RunningVenue;
before(async () => {
  ensureBuilt();
  venue = await startSandbox({ seed: 22, warmUpMs: 0 });
});
after(() => venue.stop());

type Api = Omit<Client, 'legacy'> & Record<string, any>;

test('new Client({ sandbox: true }) uses the machine\'s running sandbox and its paper account, and never starts one', async () => {
  const home = isolatedEnv();
  const none = await (new Client({ sandbox: true, env: home }) as Api).time().then(() => undefined, (e: unknown) => e);
  assert.ok(none instanceof BmError && none.category === 'config' && /no sandbox exchange is running/.test(none.message), String(none));
  // The record `bm sandbox start` leaves: this process serves it.
  const dir = join(home.XDG_STATE_HOME!, 'bm', 'sandbox');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'server.json'), JSON.stringify({ url: venue.url, pid: process.pid, port: Number(new URL(venue.url).port), startedAt: new Date().toISOString() }));
  const c = new Client({ sandbox: true, env: home }) as Api;
  const wallet = await c.wallet();
  assert.ok(wallet.wallet.some((b: Record<string, unknown>) => b.id === 'USDT' && /^[0-9]+(\.[0-9]+)?$/.test(String(b.available))), JSON.stringify(wallet).slice(0, 300));
});

test('new Client({ profile }) uses the profile\'s venue and credentials, as bm does', async () => {
  const keys = await venue.createAccount({ deposit: { USDT: '123.45' } });
  const home = { ...isolatedEnv(), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
  const add = await runBm(['profile', 'add', 'bot', '--base-url', venue.url, '--insecure-storage'], home, `${keys.key}\n${keys.secret}\n${keys.memo}\n`);
  assert.equal(add.code, 0, add.stderr);
  const c = new Client({ profile: 'bot', env: home }) as Api;
  const w = await c.wallet({ currency: 'USDT' });
  assert.equal(w.wallet[0].available, '123.45');
  const missing = await (new Client({ profile: 'nobody', env: home }) as Api).time().then(() => undefined, (e: unknown) => e);
  assert.ok(missing instanceof BmError && missing.category === 'config' && missing.exitCode === 5, String(missing));
});

test('startSandbox({ limits }): the published limits by default, none with off', async () => {
  // 100 at once: only a machine taking ten seconds over them would stay under 10 a second.
  const burst = async (url: string) => (await Promise.all(Array.from({ length: 100 }, () => fetch(`${url}/system/time`)))).filter((r) => r.status === 429).length;
  const spec = await startSandbox({ seed: 3, warmUpMs: 0 });
  const off = await startSandbox({ seed: 3, limits: 'off', warmUpMs: 0 });
  try {
    assert.ok((await burst(spec.url)) > 0, 'more than 10 a second are refused under the published limits');
    assert.equal(await burst(off.url), 0);
  } finally {
    await spec.stop();
    await off.stop();
  }
  await assert.rejects(startSandbox({ limits: 0 }), /limits: spec, off or a positive factor/);
});

test('startSandbox({ child: true }) runs bm sandbox serve as a child: accounts, calls, stop', async () => {
  const child = await startSandbox({ seed: 4, child: true, limits: 2, warmUpMs: 0 });
  try {
    const credentials = await child.createAccount({ deposit: { USDT: '500', BTC: '0.5' } });
    const c = new Client({ baseUrl: child.url, credentials, env: isolatedEnv() }) as Api;
    const w = await c.wallet({ currency: 'BTC' });
    assert.equal(w.wallet[0].available, '0.5');
  } finally {
    await child.stop();
  }
  await assert.rejects(fetch(`${child.url}/system/time`), 'the child is gone');
});
