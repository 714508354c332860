import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { holdUntilSaved } from '../../../src/sandbox/http/hold.js';

test('a held response leaves only after the save has finished', async () => {
  const order: string[] = [];
  const server = createServer((_req, res) => {
    holdUntilSaved(res, () => new Promise((r) => setTimeout(() => {
      order.push('saved');
      r();
    }, 150)), () => {});
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"entrust_id":');
    res.end('1}');
    order.push('handler done');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const body = await (await fetch(`http://127.0.0.1:${port}/v2/orders`, { method: 'POST' })).text();
  order.push('answered');
  server.close();
  assert.equal(body, '{"entrust_id":1}');
  assert.deepEqual(order, ['handler done', 'saved', 'answered']);
});
