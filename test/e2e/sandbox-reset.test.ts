// `bm sandbox reset` destroys paper balances: it asks first, and without a terminal it needs --yes.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

test('reset: refused without --yes (exit 2, nothing deleted); --dry-run deletes nothing; --yes deletes', async () => {
  const env = isolatedEnv();
  const home = join(env.XDG_STATE_HOME!, 'bm', 'sandbox');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'state.json'), '{}');
  const refused = await runBm(['sandbox', 'reset'], env);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /--yes/);
  assert.ok(existsSync(join(home, 'state.json')), 'nothing deleted');
  const dry = await runBm(['sandbox', 'reset', '--dry-run'], env);
  assert.equal(dry.code, 0, dry.stderr);
  assert.ok(existsSync(join(home, 'state.json')), 'a dry run deletes nothing');
  const done = await runBm(['sandbox', 'reset', '--yes'], env);
  assert.equal(done.code, 0, done.stderr);
  assert.ok(!existsSync(home));
});
