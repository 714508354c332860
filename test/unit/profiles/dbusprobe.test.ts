import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { busSocket, probeBus } from '../../../src/profiles/dbusprobe.js';

test('bus addresses: path, abstract, escapes, first unix transport', () => {
  assert.equal(busSocket('unix:path=/run/user/1000/bus'), '/run/user/1000/bus');
  assert.equal(busSocket('unix:abstract=/tmp/dbus-x,guid=abc'), '\0/tmp/dbus-x');
  assert.equal(busSocket('tcp:host=h,port=1;unix:path=/a%20b'), '/a b');
  assert.equal(busSocket('tcp:host=h,port=1'), undefined);
  assert.equal(busSocket(undefined), undefined);
});

function fakeBus(answer: string | undefined): Promise<{ path: string; server: Server; sockets: Set<Socket> }> {
  const path = join(mkdtempSync(join(tmpdir(), 'bm-bus-')), 'bus');
  const sockets = new Set<Socket>();
  const server = createServer((c) => {
    sockets.add(c);
    c.on('data', () => answer !== undefined && c.write(answer));
  });
  return new Promise((r) => server.listen(path, () => r({ path, server, sockets })));
}

test('a bus that completes the handshake passes', { skip: process.platform !== 'linux' }, async () => {
  const { path, server } = await fakeBus('OK 1234567890abcdef\r\n');
  try {
    assert.equal(await probeBus({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${path}` }), undefined);
  } finally {
    server.close();
  }
});

test('a bus that rejects, is absent, or never answers (until aborted) is reported', { skip: process.platform !== 'linux' }, async () => {
  const rejecting = await fakeBus('REJECTED EXTERNAL\r\n');
  const silent = await fakeBus(undefined);
  try {
    assert.match((await probeBus({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${rejecting.path}` }))!, /refused/);
    assert.match((await probeBus({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' }))!, /ENOENT/);
    // The bus never answers: only the abort ends the probe (a probe that waited on would time the test out).
    const why = await probeBus({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${silent.path}` }, AbortSignal.timeout(200));
    assert.match(why!, /does not answer/);
  } finally {
    rejecting.server.close();
    for (const c of silent.sockets) c.destroy();
    silent.server.close();
  }
});
