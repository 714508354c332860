// The test processes start without the host's NODE_EXTRA_CA_CERTS (test/run.mjs keeps it in
// BM_TEST_EXTRA_CA_CERTS); an install that reaches the npm registry gets it back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { registryEnv } from '../helpers/registry-env.js';

test('registryEnv puts the host\'s extra certificates back for npm, and leaves an environment that names its own', (t) => {
  const kept = process.env.BM_TEST_EXTRA_CA_CERTS;
  t.after(() => {
    if (kept === undefined) delete process.env.BM_TEST_EXTRA_CA_CERTS;
    else process.env.BM_TEST_EXTRA_CA_CERTS = kept;
  });
  process.env.BM_TEST_EXTRA_CA_CERTS = '/etc/ssl/host-extra.pem';
  assert.deepEqual(registryEnv({ PATH: '/bin' }), { PATH: '/bin', NODE_EXTRA_CA_CERTS: '/etc/ssl/host-extra.pem' });
  assert.deepEqual(registryEnv({ NODE_EXTRA_CA_CERTS: '/mine.pem' }), { NODE_EXTRA_CA_CERTS: '/mine.pem' });
  delete process.env.BM_TEST_EXTRA_CA_CERTS;
  assert.deepEqual(registryEnv({ PATH: '/bin' }), { PATH: '/bin' }, 'a host without them: nothing to put back');
});

test('a test process of the run starts without them, whatever the host sets', (t) => {
  // test/run.mjs gives every test process its run's temporary folder (bm-test-run-*) as TMPDIR.
  if (!/bm-test-run-/.test(process.env.TMPDIR ?? '')) return t.skip('this file runs outside test/run.mjs');
  assert.equal(process.env.NODE_EXTRA_CA_CERTS, undefined);
});
