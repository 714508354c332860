import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BmError } from '../../../src/errors.js';
import { probeWs } from '../../../src/ws/probe.js';
import { startFaultProxy } from '../../helpers/fault-proxy.js';
import { startWsServer } from '../../helpers/ws-server.js';

/** The sandbox's WebSocket behind the fault proxy. */
async function proxied() {
  const srv = await startWsServer();
  const proxy = await startFaultProxy(srv.httpUrl);
  return { proxy, url: `${proxy.url.replace(/^http/, 'ws')}/api?protocol=1.1`, close: async () => (await proxy.close(), await srv.close()) };
}

test('probeWs: the sandbox WebSocket answers ping with pong; the round trip is measured', async () => {
  const srv = await startWsServer();
  try {
    // A deadline a loaded machine never reaches: the pong comes first.
    const r = await probeWs(`${srv.wsUrl}/api?protocol=1.1`, 30_000);
    assert.ok(r.rttMs >= 0 && r.rttMs < 30_000, `rtt ${r.rttMs}`);
    assert.ok(r.connectMs >= 0);
  } finally {
    await srv.close();
  }
});

test('probeWs: a server that never answers ping is a network error after the deadline', async () => {
  const srv = await proxied();
  srv.proxy.ws.mute(); // the venue's pong never arrives
  try {
    // A deadline no loaded machine's connection reaches: what runs out is the wait for the pong.
    await assert.rejects(probeWs(srv.url, 3000), (e: unknown) => e instanceof BmError && e.category === 'network' && /no pong within 3000 ms/.test(e.message) && Boolean(e.details.hint));
  } finally {
    await srv.close();
  }
});

test('probeWs: a server that closes on ping, and a port where nothing listens, are network errors with a hint', async () => {
  const srv = await proxied();
  // The venue's answer to the ping is replaced by a close with 4000.
  srv.proxy.ws.rewrite(() => (srv.proxy.ws.close(4000), undefined));
  // Deadlines a loaded machine never reaches: the close and the refusal come first, however slow the pool.
  try {
    await assert.rejects(probeWs(srv.url, 30_000), (e: unknown) => e instanceof BmError && /closed \(4000\) before answering ping/.test(e.message));
  } finally {
    await srv.close();
  }
  await assert.rejects(probeWs('ws://127.0.0.1:1/api?protocol=1.1', 30_000), (e: unknown) => e instanceof BmError && /ECONNREFUSED/.test(e.message) && /--ws-url/.test(e.details.hint ?? ''));
});
