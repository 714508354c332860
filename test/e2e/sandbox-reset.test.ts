// `bm sandbox reset` destroys paper balances: it asks first, and without a terminal it needs --yes.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bm, ensureBuilt, isolatedEnv } from '../helpers/bm.js';

test('reset: refused without --yes (exit 2, nothing deleted); --dry-run deletes nothing; --yes deletes', () => {
  ensureBuilt();
  const env = isolatedEnv();
  const home = join(env.XDG_STATE_HOME!, 'bm', 'sandbox');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'state.json'), '{}');
  const refused = bm(['sandbox', 'reset'], env);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /--yes/);
  assert.ok(existsSync(join(home, 'state.json')), 'nothing deleted');
  const dry = bm(['sandbox', 'reset', '--dry-run'], env);
  assert.equal(dry.code, 0, dry.stderr);
  assert.ok(existsSync(join(home, 'state.json')), 'a dry run deletes nothing');
  const done = bm(['sandbox', 'reset', '--yes'], env);
  assert.equal(done.code, 0, done.stderr);
  assert.ok(!existsSync(home));
});
