// Start-up budget (perf.md): settings are read with plain fs, so `conf` never loads unless a command
// writes; the native keychain module loads only when a profile's secrets live there.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startVenue, type Credentials, type Venue } from '../helpers/venue.js';
import { ROOT, ensureBuilt } from '../helpers/bm.js';
import { loaded } from '../helpers/loadlog/loaded.js';

let creds: Credentials;
let venue: Venue;
let confChunks: string[] = [];

before(async () => {
  ensureBuilt();
  venue = await startVenue();
  creds = venue.account();
  const dir = join(ROOT, 'dist', 'vendor');
  confChunks = readdirSync(dir).filter((f) => readFileSync(join(dir, f), 'utf8').includes('Config schema violation'));
});
after(() => venue.close());

test('conf is found in its vendor bundle (the check below means something)', () => {
  assert.ok(confChunks.length > 0, 'no vendor bundle holds conf (its own error text)');
});

test('read-only commands never load conf; file-stored profiles never load the keychain', async () => {
  const root = mkdtempSync(join(tmpdir(), 'bm-startup-'));
  const env = { PATH: process.env.PATH, HOME: root, BM_CONFIG_DIR: join(root, 'cfg'), BM_STATE_DIR: join(root, 'state'), NO_COLOR: '1' };
  const add = await loaded(['profile', 'add', 'f', '--base-url', venue.url, '--insecure-storage'], env, `${creds.key}\n${creds.secret}\n${creds.memo}\n`);
  assert.equal(add.code, 0, add.err);
  assert.ok(add.urls.some((u) => confChunks.some((c) => u.endsWith(c))), 'a write loads conf');
  for (const args of [['profile', 'list'], ['profile', 'show', 'f'], ['profile', 'test'], ['sign-test', 'get'], ['time']]) {
    const r = await loaded(args, env);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.err}`);
    assert.deepEqual(r.urls.filter((u) => confChunks.some((c) => u.endsWith(c))), [], `${args.join(' ')} loaded conf`);
    assert.deepEqual(r.urls.filter((u) => u.includes('@napi-rs/keyring') || u.endsWith('/dist/keychain.cjs')), [], `${args.join(' ')} loaded the keychain`);
  }
});
