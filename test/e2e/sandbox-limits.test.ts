// `bm sandbox serve --limits spec|off|<factor>`: the published limits, none (a load target), or scaled.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpoint } from '../../src/api/catalogue/index.js';
import { startServer } from '../../src/sandbox/server/server.js';
import { parseLimits } from '../../src/sandbox/limits-mode.js';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { call } from '../helpers/signed.js';

const steps = endpoint('spot.steps').rate.windows[0]!;

async function burst(url: string, path: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await call(url, 'GET', path, { raw429: true })).status);
  return statuses;
}

test('--limits parses spec, off and a positive factor; anything else is refused', async () => {
  assert.equal(parseLimits('spec'), 1);
  assert.equal(parseLimits('off'), Number.POSITIVE_INFINITY);
  assert.equal(parseLimits('2'), 2);
  assert.equal(parseLimits('0.5'), 0.5);
  for (const bad of ['0', '-1', 'fast', '1e3', '']) assert.equal(parseLimits(bad), undefined, bad);
  // Refused before anything listens: run in this process.
  const r = await runBm(['sandbox', 'serve', '--limits', 'fast'], isolatedEnv());
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--limits/);
});

test('spec: the published window; a factor scales it; off: no 429 and no counting', async () => {
  const spec = await startServer({ port: 0, seed: 1, warmUpMs: 0 });
  const doubled = await startServer({ port: 0, seed: 1, warmUpMs: 0, limits: 2 });
  const off = await startServer({ port: 0, seed: 1, warmUpMs: 0, limits: Number.POSITIVE_INFINITY });
  try {
    const a = await burst(spec.url, '/spot/v1/steps', steps.limit + 1);
    assert.deepEqual(a.slice(0, steps.limit), Array(steps.limit).fill(200));
    assert.equal(a[steps.limit], 429);
    const first = await call(doubled.url, 'GET', '/spot/v1/steps');
    assert.equal(first.headers.get('x-bm-ratelimit-limit'), String(steps.limit * 2));
    const b = await burst(doubled.url, '/spot/v1/steps', steps.limit * 2);
    assert.equal(b.filter((s) => s === 429).length, 1, 'the doubled window holds twice the published count');
    const c = await burst(off.url, '/spot/v1/steps', steps.limit * 10);
    assert.ok(c.every((s) => s === 200));
    const legacy = await burst(off.url, '/v2/symbols', 50);
    assert.ok(legacy.every((s) => s === 200));
  } finally {
    await Promise.all([spec.close(), doubled.close(), off.close()]);
  }
});

test('the legacy request limit (1000 a second per IP, spec 8.4) is enforced, scaled by the factor', async () => {
  const s = await startServer({ port: 0, seed: 1, warmUpMs: 0, limits: 0.005 });
  try {
    const statuses = await Promise.all(Array.from({ length: 8 }, () => fetch(`${s.url}/v2/symbols`).then((r) => r.status)));
    assert.equal(statuses.filter((x) => x === 200).length, 5);
    assert.equal(statuses.filter((x) => x === 429).length, 3);
  } finally {
    await s.close();
  }
});

/** Opens a WebSocket; resolves with the HTTP status of a refused upgrade, or 101 when it opened. */
async function upgrade(url: string): Promise<{ status: number; ws?: import('ws').WebSocket }> {
  const { WebSocket } = await import('ws');
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api`);
    ws.on('open', () => resolve({ status: 101, ws }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('error', () => {});
  });
}

test('WebSocket per-IP limits (spec 8.3): 10 open connections, 30 connection requests a minute', async () => {
  const s = await startServer({ port: 0, seed: 1, warmUpMs: 0 });
  try {
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await upgrade(s.url));
    assert.ok(open.every((o) => o.status === 101));
    assert.equal((await upgrade(s.url)).status, 429, 'an 11th connection from the same address');
    // Closing one frees its place, until 30 requests in the minute have been made.
    let made = 11;
    const statuses: number[] = [];
    while (made < 31) {
      const w = open.pop()!.ws!;
      await new Promise((r) => { w.once('close', r); w.close(); });
      const o = await upgrade(s.url);
      made++;
      statuses.push(o.status);
      if (o.ws) open.push(o);
    }
    assert.deepEqual(statuses.slice(0, 19), Array(19).fill(101));
    assert.equal(statuses[19], 429, 'the 31st request of the minute');
    for (const o of open) o.ws?.close();
  } finally {
    await s.close();
  }
});

test('10 logged-in connections per account (spec 8.3), across addresses: the 11th login is refused', async () => {
  const { WebSocket } = await import('ws');
  const { signWsLogin } = await import('../../src/util/signing.js');
  const { newAccount } = await import('../helpers/signed.js');
  const s = await startServer({ port: 0, seed: 1, warmUpMs: 0 });
  const open: Array<import('ws').WebSocket> = [];
  /** Logs in from `local`; resolves with the login answer (`login` or an error code). */
  const login = (local: string, acct: { key: string; secret: string; memo: string }) => new Promise<string>((resolve, reject) => {
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/user`, { localAddress: local });
    open.push(ws);
    ws.on('error', reject);
    ws.on('open', () => {
      const ts = String(Date.now());
      ws.send(JSON.stringify({ op: 'login', args: [acct.key, ts, signWsLogin(acct.secret, ts, acct.memo, 'exchange')] }));
    });
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { event?: string; errorCode?: string };
      if (m.event === 'login') resolve(m.errorCode ?? 'login');
    });
  });
  try {
    const acct = await newAccount(s.url);
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await login(`127.0.0.${2 + (i % 2)}`, acct));
    assert.deepEqual(answers, Array(10).fill('login'));
    assert.equal(await login('127.0.0.4', acct), '94001');
    const other = await newAccount(s.url);
    assert.equal(await login('127.0.0.4', other), 'login', 'another account is not affected');
    const first = open[0]!;
    await new Promise((r) => { first.once('close', r); first.close(); });
    assert.equal(await login('127.0.0.4', acct), 'login', 'a closed connection gives its place back');
  } finally {
    for (const ws of open) ws.terminate();
    await s.close();
  }
});
