import assert from 'node:assert/strict';
import { test } from 'node:test';
import { settingsFromFlags } from '../../../../src/commands/profile/add.js';
import { maskKey } from '../../../../src/commands/profile/common.js';
import { explain } from '../../../../src/commands/verify-key.js';
import { BmError } from '../../../../src/errors.js';

const venueError = (code: string) => new BmError('auth', 'GET /spot/v1/test-get failed', { code, venueMessage: 'from venue', trace: 't1', httpStatus: 401 });

test('30005 names the memo first; code, venue message and trace are kept', () => {
  const e = explain(venueError('30005'), 'http://v', 'main') as BmError;
  assert.equal(e.message, 'signature rejected: usually a wrong memo (the label chosen when the key was created, not the account id) or secret');
  assert.equal(e.exitCode, 4);
  assert.deepEqual([e.details.code, e.details.venueMessage, e.details.trace], ['30005', 'from venue', 't1']);
  assert.match(e.details.hint!, /bm profile add main/);
});

test('30002 is an unknown key, 30007 the clock, a network failure an unreachable venue', () => {
  assert.match((explain(venueError('30002'), 'http://v', 'x') as BmError).message, /^unknown API key: http:\/\/v does not know it/);
  assert.match((explain(venueError('30007'), 'http://v', 'x') as BmError).message, /^clock:/);
  const net = explain(new BmError('network', 'GET v: connect ECONNREFUSED', { code: 'ECONNREFUSED' }), 'http://v', 'x') as BmError;
  assert.equal(net.exitCode, 8);
  assert.match(net.message, /^venue unreachable: http:\/\/v/);
  const other = new BmError('venue', 'x');
  assert.equal(explain(other, 'http://v', 'x'), other);
});

test('a 5xx carrying an auth code is no verdict on the credentials: the venue failed, exit 8, its code kept', () => {
  const e = explain(new BmError('network', 'GET /spot/v1/wallet failed with HTTP 500 (code 30005): a server error, not a refusal', { code: '30005', httpStatus: 500 }), 'http://v', 'x') as BmError;
  assert.equal(e.exitCode, 8);
  assert.match(e.message, /^venue unreachable: http:\/\/v/);
  assert.equal(e.details.code, '30005');
});

test('profile settings from flags', () => {
  assert.deepEqual(settingsFromFlags({}), { venue: 'sandbox' });
  assert.deepEqual(settingsFromFlags({ baseUrl: 'https://a.example/' }), { venue: 'custom', baseUrl: 'https://a.example' });
  assert.deepEqual(settingsFromFlags({ venue: 'bitmart', service: 'bitmart', output: 'json', insecureStorage: true }),
    { venue: 'bitmart', service: 'bitmart', output: 'json', insecureStorage: true });
  const usage = (e: { exitCode?: number }) => e.exitCode === 2;
  assert.throws(() => settingsFromFlags({ venue: 'custom' }), usage);
  assert.throws(() => settingsFromFlags({ venue: 'sandbox', baseUrl: 'http://x' }), usage);
  assert.throws(() => settingsFromFlags({ baseUrl: 'ftp://x' }), usage);
  assert.throws(() => settingsFromFlags({ baseUrl: 'http://x', wsUrl: 'http://x' }), usage);
  assert.throws(() => settingsFromFlags({ output: 'yaml' }), usage);
});

test('keys are masked but for their last 4 characters; short keys entirely', () => {
  assert.equal(maskKey('abcdefghij1234'), '**********1234');
  assert.equal(maskKey('short123'), '********');
});
