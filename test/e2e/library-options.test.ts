/**
 * A client's options are checked when it is made: a bad one is a usage error naming it (a secret never
 * shown), the constructor throws, and so no call of any kind, write or read, can reach the venue with it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BmError, Client, type ClientOptions } from '../../src/lib/index.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { isolatedEnv } from '../helpers/bm.js';

const venue = useLibraryVenue(37, { USDT: '10000', BTC: '1' });
const env = isolatedEnv();
const SECRET = 'S3CRET-never-shown';

function good(): Record<string, unknown> {
  return { baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000 };
}

/** [option spoilt, its value (undefined: the option is removed first, then `extra` added), message]. */
const BAD: ReadonlyArray<readonly [string, unknown, RegExp]> = [
  ['baseUrl', 5, /^baseUrl: give an address starting http:\/\/ or https:\/\/ \(got 5\)/],
  ['baseUrl', 'ftp://127.0.0.1:1', /^baseUrl: must start with http:\/\/ or https:\/\/ \(got "ftp:\/\/127.0.0.1:1"\)/],
  ['baseUrl', 'localhost:8080', /^baseUrl: must start with http:\/\/ or https:\/\//],
  ['baseUrl', 'http//127.0.0.1', /^baseUrl: is not a URL/],
  ['baseUrl', 'http://127.0.0.1:1/\nx', /^baseUrl: contains a space, a newline or a control character/],
  ['wsUrl', 'ftp://127.0.0.1:1', /^wsUrl: must start with ws:\/\/ or wss:\/\/ or http:\/\/ or https:\/\//],
  ['legacyUrl', { href: 'http://127.0.0.1:1' }, /^legacyUrl: give an address .*\(got an object\)/],
  ['service', '', /^service: give a non-empty string/],
  ['credentials', 'key:secret', /^credentials: give an object \{ key, secret, memo \}/],
  ['credentials', { key: 'a key', secret: SECRET, memo: 'm' }, /^credentials: give a key as a string of printable characters/],
  ['credentials', { key: 'k', secret: '', memo: 'm' }, /^credentials: give a secret as a non-empty string/],
  ['credentials', { key: 'k', secret: SECRET }, /^credentials: give a memo as a string/],
  ['profile', 7, /^profile: give a non-empty string/],
  ['sandbox', 'yes', /^sandbox: give true or false/],
  ['timeoutMs', 0, /^timeoutMs: give a whole number of milliseconds from 1 to 2147483647 \(got 0\)/],
  ['timeoutMs', -5, /^timeoutMs: /],
  ['timeoutMs', 1.5, /^timeoutMs: /],
  ['timeoutMs', NaN, /^timeoutMs: .*\(got NaN\)/],
  ['timeoutMs', Infinity, /^timeoutMs: /],
  ['timeoutMs', 2 ** 31, /^timeoutMs: .*\(got 2147483648\)/],
  ['timeoutMs', '1500', /^timeoutMs: /],
  ['timeoutMs', 1500n, /^timeoutMs: .*\(got 1500n\)/],
  ['env', { HOME: 1 }, /^env: give an object of strings by name/],
  ['env', 'HOME=/tmp', /^env: /],
  ['onNote', 'console', /^onNote: give a function/],
  ['timeout', 1500, /^timeout: not an option of Client \(allowed: baseUrl, wsUrl, legacyUrl, service, credentials, profile, sandbox, timeoutMs, env, onNote\)/],
  ['baseURL', 'http://127.0.0.1:1', /^baseURL: not an option of Client/],
  ['profile', 'bot', /^baseUrl: give an address, a profile or sandbox, not several/],
  ['sandbox', true, /^baseUrl: give an address, a profile or sandbox, not several/],
];

function refusedAtConstruction(options: unknown, re: RegExp): void {
  let err: unknown;
  try {
    new Client(options as ClientOptions);
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof BmError, `${JSON.stringify(options, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))}: refused, got ${String(err)}`);
  assert.equal(err.category, 'usage');
  assert.equal(err.exitCode, 2);
  assert.match(err.message, re);
  assert.ok(!err.message.includes(SECRET), 'the secret is never shown');
}

test('each bad client option is a usage error naming it when the client is made, and nothing reaches the venue', async () => {
  // The same options without the spoilt one make a client whose write passes its checks (a dry run).
  const control = new Client(good() as ClientOptions) as Client & Record<string, any>;
  const dry = await control.order.cancel({ symbol: 'BTC_USDT', order_id: '1' }, { dryRun: true });
  assert.equal(dry.dryRun, true);
  const seen = venue.proxy.seen.length;
  for (const [name, value, re] of BAD) refusedAtConstruction({ ...good(), [name]: value }, re);
  for (const options of ['http://127.0.0.1:1', null, [good()]]) refusedAtConstruction(options, /^Client options: give an object/);
  assert.equal(venue.proxy.seen.length, seen, 'nothing reached the venue');
});

test('options left undefined are absent, and a sandbox account is taken as credentials as it is', async () => {
  const c = new Client({ ...good(), wsUrl: undefined, profile: undefined, onNote: undefined } as ClientOptions) as Client & Record<string, any>;
  assert.ok(Object.keys(venue.credentials).length > 3, 'the account carries more than key, secret and memo');
  // Answered by the venue: the server's time in ms.
  assert.match(JSON.stringify(await c.time()), /[0-9]{13}/);
});
