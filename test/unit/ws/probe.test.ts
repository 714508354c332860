import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { WebSocketServer } from 'ws';
import { BmError } from '../../../src/errors.js';
import { probeWs } from '../../../src/ws/probe.js';
import { startWsServer } from '../../helpers/ws-server.js';

/** A WebSocket server on port 0 that does `onText` with every text frame. */
async function rawServer(onText: (socket: import('ws').WebSocket, text: string) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (s) => s.on('message', (d) => onText(s, String(d))));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api?protocol=1.1`;
  return {
    url,
    close: () => new Promise<void>((r) => {
      for (const c of wss.clients) c.terminate();
      wss.close();
      http.close(() => r());
    }),
  };
}

test('probeWs: the sandbox WebSocket answers ping with pong; the round trip is measured', async () => {
  const srv = await startWsServer();
  try {
    const r = await probeWs(`${srv.wsUrl}/api?protocol=1.1`, 2000);
    assert.ok(r.rttMs >= 0 && r.rttMs < 2000, `rtt ${r.rttMs}`);
    assert.ok(r.connectMs >= 0);
  } finally {
    await srv.close();
  }
});

test('probeWs: a server that never answers ping is a network error after the deadline', async () => {
  const srv = await rawServer(() => {});
  try {
    await assert.rejects(probeWs(srv.url, 300), (e: unknown) => e instanceof BmError && e.category === 'network' && /no pong within 300 ms/.test(e.message) && Boolean(e.details.hint));
  } finally {
    await srv.close();
  }
});

test('probeWs: a server that closes on ping, and a port where nothing listens, are network errors with a hint', async () => {
  const srv = await rawServer((s) => s.close(4000));
  try {
    await assert.rejects(probeWs(srv.url, 2000), (e: unknown) => e instanceof BmError && /closed \(4000\) before answering ping/.test(e.message));
  } finally {
    await srv.close();
  }
  await assert.rejects(probeWs('ws://127.0.0.1:1/api?protocol=1.1', 2000), (e: unknown) => e instanceof BmError && /ECONNREFUSED/.test(e.message) && /--ws-url/.test(e.details.hint ?? ''));
});
