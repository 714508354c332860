import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import { endpoint } from '../../../src/api/catalogue/index.js';
import { Context } from '../../../src/context.js';
import type { GlobalOptions } from '../../../src/invocation.js';
import type { Env } from '../../../src/util/paths.js';
import { IO, type InStream } from '../../../src/render/io.js';
import { FileSecretStore } from '../../../src/profiles/secretfile.js';
import { changeSettings } from '../../../src/profiles/change.js';
import { paperPath, PAPER_DEPOSIT } from '../../../src/profiles/paper.js';
import { startVenue, type Venue } from '../../helpers/venue.js';

let venue: Venue;
before(async () => (venue = await startVenue()));
after(() => venue.close());

/** Temp config and state dirs, with the background sandbox recorded as the test's venue (this process is alive). */
function world(extra: Env = {}): Env {
  const root = mkdtempSync(join(tmpdir(), 'bm-creds-'));
  const env: Env = { BM_CONFIG_DIR: join(root, 'cfg'), BM_STATE_DIR: join(root, 'state'), ...extra };
  mkdirSync(join(root, 'state', 'sandbox'), { recursive: true });
  const info = { url: venue.url, pid: process.pid, port: Number(new URL(venue.url).port), startedAt: new Date().toISOString() };
  writeFileSync(join(root, 'state', 'sandbox', 'server.json'), JSON.stringify(info));
  return env;
}

function context(env: Env, globals: GlobalOptions = {}): { ctx: Context; err: () => string } {
  let err = '';
  const sink = { write: (s: string) => ((err += s), true) };
  const io = new IO({ write: () => true }, sink, new PassThrough() as unknown as InStream, env, 'never');
  return { ctx: new Context(io, globals, env), err: () => err };
}

const ENV_CREDS = { BM_API_KEY: 'envkey', BM_API_SECRET: 'envsecret', BM_API_MEMO: 'envmemo' };

async function profileWithFile(env: Env, name: string, venueName: 'custom' | 'bitmart' | 'sandbox' = 'custom') {
  await changeSettings(env, async (s) => {
    await new FileSecretStore(env, () => {}).set(name, { key: 'pk', secret: 'ps', memo: 'pm' });
    s.profiles[name] = { venue: venueName, ...(venueName === 'custom' ? { baseUrl: venue.url } : {}), insecureStorage: true, hasCredentials: true };
    s.currentProfile = name;
  });
}

test('BM_API_KEY/SECRET/MEMO beat the profile', async () => {
  const env = world(ENV_CREDS);
  await profileWithFile(env, 'main');
  assert.deepEqual(await context(env).ctx.credentials(), { key: 'envkey', secret: 'envsecret', memo: 'envmemo' });
});

test('a partial set of BM_API_* is a usage error', async () => {
  const env = world({ BM_API_KEY: 'k' });
  await assert.rejects(context(env).ctx.credentials(), (e: { exitCode?: number }) => e.exitCode === 2);
});

test('the current profile\'s stored credentials come next', async () => {
  const env = world();
  await profileWithFile(env, 'main');
  assert.deepEqual(await context(env).ctx.credentials(), { key: 'pk', secret: 'ps', memo: 'pm' });
});

test('a profile marked with credentials but missing them is a config error', async () => {
  const env = world();
  await profileWithFile(env, 'main');
  await new FileSecretStore(env, () => {}).delete('main');
  await assert.rejects(context(env).ctx.credentials(), (e: Error & { exitCode?: number }) => e.exitCode === 5 && /bm profile add main/.test(String((e as { details?: { hint?: string } }).details?.hint)));
});

test('a custom venue with no profile credentials has none', async () => {
  const env = world({ BM_BASE_URL: venue.url });
  assert.equal(await context(env).ctx.credentials(), undefined);
});

test('on the sandbox with no profile: a paper account is created once and remembered (0600)', async () => {
  const env = world();
  const before = venue.created().length;
  const first = await context(env).ctx.credentials();
  assert.ok(first && venue.knows(first.key));
  assert.equal(venue.created().length, before + 1);
  assert.deepEqual(venue.created().at(-1), { deposit: PAPER_DEPOSIT, permissions: 'trade' });
  assert.equal(statSync(paperPath(env)).mode & 0o777, 0o600);
  assert.equal(statSync(join(env.BM_STATE_DIR!, 'sandbox')).mode & 0o777, 0o700);
  const again = await context(env).ctx.credentials();
  assert.deepEqual(again, first);
  assert.equal(venue.created().length, before + 1);
});

test('--sandbox with a profile of another venue uses the paper account, not that profile\'s keys', async () => {
  const env = world();
  await profileWithFile(env, 'real', 'bitmart');
  const creds = await context(env, { sandbox: true }).ctx.credentials();
  assert.ok(creds && creds.key !== 'pk' && venue.knows(creds.key));
});

test('after a sandbox reset (30002) a new paper account is created once and the call succeeds', async () => {
  const env = world();
  const { ctx } = context(env);
  await (await ctx.calls()).send(endpoint('test.get'), [['symbol', 'BTC_USDT']]);
  venue.forget((await ctx.credentials())!.key);
  const before = venue.created().length;
  const fresh = context(env).ctx;
  await (await fresh.calls()).send(endpoint('test.get'), [['symbol', 'BTC_USDT']]);
  assert.equal(venue.created().length, before + 1);
});

test('a 30002 on a profile\'s own key is reported, not papered over', async () => {
  const env = world();
  await profileWithFile(env, 'main');
  const before = venue.created().length;
  await assert.rejects((await context(env).ctx.calls()).send(endpoint('test.get'), []), (e: { exitCode?: number; details?: { code?: string } }) =>
    e.exitCode === 4 && e.details?.code === '30002');
  assert.equal(venue.created().length, before);
});
