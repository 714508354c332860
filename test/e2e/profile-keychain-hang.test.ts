// A session bus that accepts connections and never answers (a wedged D-Bus) must not freeze bm:
// the keychain deadline ends the command with exit 5 and the --insecure-storage hint.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ensureBuilt, bmAsync } from '../helpers/bm.js';

test('a silent session bus fails profile add and show within the deadline (exit 5)', { skip: process.platform !== 'linux', timeout: 30_000 }, async () => {
  ensureBuilt();
  const root = mkdtempSync(join(tmpdir(), 'bm-hang-'));
  const bus = join(root, 'bus');
  const sockets = new Set<Socket>();
  const server = createServer((c) => {
    sockets.add(c);
    c.on('data', () => {});
  });
  await new Promise<void>((r) => server.listen(bus, r));
  const env = {
    PATH: process.env.PATH, HOME: root, BM_CONFIG_DIR: join(root, 'cfg'), BM_STATE_DIR: join(root, 'state'),
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${bus}`, BM_KEYCHAIN_TIMEOUT: '1000',
  };
  try {
    // The deadline is proven by its message; the test's own timeout catches a hang (no stopwatch here).
    const r = await bmAsync(['profile', 'add', 'x', '--base-url', 'http://127.0.0.1:1'], env, 'k\ns\nm\n');
    assert.equal(r.code, 5, r.stderr);
    assert.match(r.stderr, /keychain is not reachable: no answer within 1 s/);
    assert.match(r.stderr, /hint: .*--insecure-storage/);
  } finally {
    for (const c of sockets) c.destroy();
    server.close();
  }
});
