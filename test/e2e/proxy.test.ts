// Requests go through the proxy that HTTP_PROXY names (a CONNECT proxy on loopback here), and
// straight to the venue when NO_PROXY covers it.
import assert from 'node:assert/strict';
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { bmAsync, isolatedEnv } from '../helpers/bm.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(11, { strict: true });
const tunnels: string[] = [];
const proxy = createServer((client: Socket) => {
  client.once('data', (head: Buffer) => {
    const m = /^CONNECT ([^\s:]+):(\d+) HTTP\/1\.[01]\r\n/.exec(head.toString('latin1'));
    if (!m) return void client.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
    tunnels.push(`${m[1]}:${m[2]}`);
    const upstream = connect(Number(m[2]), m[1], () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
});
let proxyUrl = '';

before(async () => {
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
after(async () => {
  proxy.close();
});

test('HTTP_PROXY carries REST requests; NO_PROXY bypasses it', async () => {
  const url = h.base();
  const port = new URL(url).port;
  const via = await bmAsync(['--base-url', url, 'ticker', 'BTC_USDT'], isolatedEnv({ HTTP_PROXY: proxyUrl }));
  assert.equal(via.code, 0, via.stderr);
  assert.match(via.stdout, /^BTC_USDT\t/);
  assert.deepEqual(tunnels, [`127.0.0.1:${port}`]);
  const direct = await bmAsync(['--base-url', url, 'ticker', 'BTC_USDT'], isolatedEnv({ HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' }));
  assert.equal(direct.code, 0, direct.stderr);
  assert.equal(tunnels.length, 1, 'NO_PROXY went direct');
});
