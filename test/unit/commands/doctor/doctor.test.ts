import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { proxy } from '../../../../src/commands/doctor/checks.js';
import type { Env } from '../../../../src/util/paths.js';
import { Context } from '../../../../src/context.js';
import type { GlobalOptions } from '../../../../src/invocation.js';
import { IO, type InStream } from '../../../../src/render/io.js';

function context(env: Env, globals: GlobalOptions): Context {
  const io = new IO({ write: () => true }, { write: () => true }, new PassThrough() as unknown as InStream, env, 'never');
  return new Context(io, globals, env);
}

// The proxy check only reads the environment: no request is made, so a proxy that does not exist is fine.
test('doctor proxy: names the proxy in effect for an https venue, credentials in it redacted', async () => {
  const ctx = context({ HTTPS_PROXY: 'http://user:pw@proxy.invalid:3128' }, { baseUrl: 'https://127.0.0.1:1' });
  const r = await proxy(ctx);
  assert.ok(!Array.isArray(r));
  assert.equal(r.check, 'proxy');
  assert.equal(r.status, 'ok');
  assert.match(r.detail, /^https:\/\/127\.0\.0\.1:1 goes through http:\/\/\[redacted\]@proxy\.invalid:3128/);
  assert.doesNotMatch(r.detail, /pw/);
});

test('doctor proxy: none for a plain http venue with only HTTPS_PROXY, and none when NO_PROXY covers the host', async () => {
  const plain = await proxy(context({ HTTPS_PROXY: 'http://proxy.invalid:3128' }, { baseUrl: 'http://127.0.0.1:1' }));
  assert.ok(!Array.isArray(plain));
  assert.equal(plain.detail, 'none for http://127.0.0.1:1');
  const bypassed = await proxy(context({ HTTPS_PROXY: 'http://proxy.invalid:3128', NO_PROXY: '127.0.0.1' }, { baseUrl: 'https://127.0.0.1:1' }));
  assert.ok(!Array.isArray(bypassed));
  assert.equal(bypassed.detail, 'none for https://127.0.0.1:1');
});
