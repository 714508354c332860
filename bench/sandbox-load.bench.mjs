// The sandbox as a load target (`bm sandbox serve --limits off`, built binary, its own process), in
// one run on one machine: public ticker requests per second against a bare node:http server answering
// the same payload (goal: at least 0.5 of it); signed submit+cancel pairs per second with 1 and 10
// accounts; WebSocket fan-out: N subscribers of depth20 at the fastest push the spec allows (0.5 s),
// the sandbox's CPU and the delivery lag (receipt time minus the push's ms_t).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import WebSocket from 'ws';
import { isolatedEnv, median, startSandbox, table } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONC = Number(process.env.BENCH_CONCURRENCY ?? 8);
const FANOUT = (process.env.BENCH_FANOUT ?? '10,100,400').split(',').map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(url, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method, agent, headers: body === undefined ? headers : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU seconds (user + system) a process has used so far (Linux /proc). */
function cpuSeconds(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** `CONC` loops, each running `one()` back to back for SECONDS: completed operations per second. */
async function throughput(one) {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  await Promise.all(Array.from({ length: CONC }, async (_, i) => {
    while (performance.now() < end) {
      if (await one(i)) done++;
      else failed++;
    }
  }));
  if (failed) throw new Error(`${failed} operations failed`);
  return Math.round(done / SECONDS);
}

function startBare(payload) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.mjs'), payload], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((ok) => child.stdout.setEncoding('utf8').on('data', (c) => {
    const m = /listening (\d+)/.exec(c);
    if (m) ok({ url: `http://127.0.0.1:${m[1]}`, pid: child.pid, stop: () => child.kill() });
  }));
}

async function newAccount(url) {
  const r = await request(url, 'POST', '/sandbox/v1/accounts', JSON.stringify({ deposit: { USDT: '100000000' } }));
  return JSON.parse(r.text).data;
}

function signed(url, acct, path, obj) {
  const body = JSON.stringify(obj);
  const ts = String(Date.now());
  const sign = createHmac('sha256', acct.secret).update(`${ts}#${acct.memo}#${body}`).digest('hex');
  return request(url, 'POST', path, body, { 'X-BM-KEY': acct.key, 'X-BM-TIMESTAMP': ts, 'X-BM-SIGN': sign });
}

async function pairs(url, accounts) {
  const accts = await Promise.all(Array.from({ length: accounts }, () => newAccount(url)));
  return throughput(async (i) => {
    const acct = accts[i % accounts];
    const placed = await signed(url, acct, '/spot/v2/submit_order', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', size: '0.01' });
    const id = /"order_id":"?([0-9]+)/.exec(placed.text)?.[1];
    if (!id) return false;
    const cancelled = await signed(url, acct, '/spot/v3/cancel_order', { symbol: 'BTC_USDT', order_id: id });
    return cancelled.status === 200;
  });
}

async function fanout(url, pid, n) {
  const wsUrl = `${url.replace('http', 'ws')}/api?protocol=1.1`;
  const lags = [];
  let frames = 0;
  let counting = false;
  const clients = await Promise.all(Array.from({ length: n }, () => new Promise((ok, fail) => {
    const ws = new WebSocket(wsUrl);
    ws.on('open', () => {
      ws.send(JSON.stringify({ op: 'subscribe', args: ['spot/depth20:BTC_USDT'] }));
      ok(ws);
    });
    ws.on('error', fail);
    ws.on('message', (data, binary) => {
      if (!binary || !counting) return;
      const push = JSON.parse(inflateRawSync(data).toString('utf8'));
      frames++;
      lags.push(Date.now() - Number(push.data[0].ms_t));
    });
  })));
  await new Promise((r) => setTimeout(r, 1000));
  counting = true;
  const cpu0 = cpuSeconds(pid);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  counting = false;
  const cpu = cpuSeconds(pid) - cpu0;
  for (const ws of clients) ws.close();
  lags.sort((a, b) => a - b);
  return {
    subscribers: n, 'pushes/s': Math.round(frames / SECONDS), 'sandbox CPU %': Math.round((cpu / SECONDS) * 100),
    'lag p50 ms': median(lags), 'lag p99 ms': lags[Math.floor(lags.length * 0.99)] ?? NaN,
  };
}

const env = isolatedEnv();
const sandbox = await startSandbox(env, ['--limits', 'off']);
try {
  const payload = (await request(sandbox.url, 'GET', '/spot/v1/ticker?symbol=BTC_USDT')).text;
  const bare = await startBare(payload);
  const ok = (r) => r.status === 200;
  const bareRps = await throughput(async () => ok(await request(bare.url, 'GET', '/spot/v1/ticker?symbol=BTC_USDT')));
  bare.stop();
  const tickerRps = await throughput(async () => ok(await request(sandbox.url, 'GET', '/spot/v1/ticker?symbol=BTC_USDT')));
  const rows = [
    { measure: 'bare node:http, same payload (req/s)', value: bareRps },
    { measure: 'sandbox ticker (req/s)', value: tickerRps },
    { measure: 'ticker / bare (goal >= 0.5)', value: (tickerRps / bareRps).toFixed(2) },
    { measure: 'submit+cancel pairs/s, 1 account', value: await pairs(sandbox.url, 1) },
    { measure: 'submit+cancel pairs/s, 10 accounts', value: await pairs(sandbox.url, 10) },
  ];
  process.stdout.write(`${table(rows)}\n\n`);
  const fan = [];
  for (const n of FANOUT) fan.push(await fanout(sandbox.url, sandbox.pid, n));
  process.stdout.write(`${table(fan)}\nload average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
} finally {
  sandbox.stop();
}
