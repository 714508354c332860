// The on-demand ccxt cache of the client tests: an installed cache is used as it is, a failed install
// (the registry unreachable) throws with npm's report and leaves neither a half cache nor its lock, and
// the lock of a process that died is taken over rather than waited on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ccxtDir, ensureCcxt } from '../helpers/ccxt-cache.js';

/** An environment whose cache is a new folder and whose npm reaches no registry (loopback, nothing listening). */
function offline(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'bm-ccxt-'));
  return {
    ...process.env, XDG_CACHE_HOME: join(home, 'cache'), npm_config_cache: join(home, 'npm'),
    npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0', npm_config_offline: 'false',
  };
}

test('an installed cache is used without npm', async () => {
  const env = offline();
  const dir = ccxtDir(env);
  mkdirSync(join(dir, 'node_modules', 'ccxt'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', 'ccxt', 'package.json'), '{"version":"4.5.70"}');
  assert.equal(await ensureCcxt(env), dir);
});

test('a lock of a dead process is taken over; a failed install throws with what npm said, leaving no cache and no lock', async () => {
  const env = offline();
  const dir = ccxtDir(env);
  const dead = spawnSync(process.execPath, ['-e', '0']).pid;
  mkdirSync(`${dir}.lock`, { recursive: true });
  writeFileSync(join(`${dir}.lock`, 'pid'), String(dead));
  // A run that waited on the lock would never reach npm's failure.
  await assert.rejects(ensureCcxt(env), /npm install ccxt@4\.5\.70 into .* failed \(exit [1-9]/);
  assert.equal(existsSync(dir), false);
  assert.equal(existsSync(`${dir}.lock`), false);
});
