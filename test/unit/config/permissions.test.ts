import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { exposedWarning, exposures, refuseExposedConfig } from '../../../src/config/permissions.js';

/** A home with a private config dir holding both files, all as bm leaves them. */
function home() {
  const root = mkdtempSync(join(tmpdir(), 'bm-perm-'));
  const cfg = join(root, '.config', 'bm');
  mkdirSync(cfg, { recursive: true, mode: 0o700 });
  chmodSync(join(root, '.config'), 0o755);
  chmodSync(cfg, 0o700);
  for (const f of ['config.json', 'credentials.json']) writeFileSync(join(cfg, f), '{}', { mode: 0o600 });
  return { root, cfg, env: { HOME: root } };
}

test('a private config is not exposed; read-only for others is fine', () => {
  const { cfg, env } = home();
  chmodSync(join(cfg, 'config.json'), 0o644);
  assert.deepEqual(exposures(env), []);
  assert.equal(exposedWarning(env), undefined);
  assert.doesNotThrow(() => refuseExposedConfig(env));
});

test('each file or folder others can write is named with its fix, most specific first', () => {
  const { root, cfg, env } = home();
  chmodSync(join(cfg, 'credentials.json'), 0o666);
  chmodSync(cfg, 0o770);
  chmodSync(join(root, '.config'), 0o757);
  const found = exposures(env);
  assert.deepEqual(found.map((e) => [e.path, e.fix]), [
    [join(cfg, 'credentials.json'), `chmod 600 ${join(cfg, 'credentials.json')}`],
    [cfg, `chmod 700 ${cfg}`],
    [join(root, '.config'), `chmod go-w ${join(root, '.config')}`],
  ]);
  assert.match(found[0]!.why, /writable by group and others \(mode 666\)/);
  assert.match(found[1]!.why, /writable by group \(mode 770\)/);
  assert.throws(() => refuseExposedConfig(env), (e: Error & { exitCode?: number; details?: { hint?: string } }) =>
    e.exitCode === 5 && e.message.startsWith(join(cfg, 'credentials.json')) && /signs nothing/.test(e.message)
    && e.details?.hint === found.map((x) => x.fix).join('; '));
  assert.match(exposedWarning(env)!, /^bm: warning: .*signed commands are refused until: chmod 600/);
});

test('the home dir counts, the folders above it do not; a shared folder with the sticky bit is fine above the config dir', () => {
  const { root, env } = home();
  chmodSync(root, 0o777);
  assert.deepEqual(exposures(env).map((e) => e.path), [root]);
  chmodSync(root, 0o1777);
  assert.deepEqual(exposures(env), []);
  // The config dir itself gets no sticky exemption.
  const elsewhere = join(mkdtempSync(join(tmpdir(), 'bm-perm-')), 'bm');
  mkdirSync(elsewhere, { mode: 0o700 });
  chmodSync(elsewhere, 0o1777);
  assert.deepEqual(exposures({ HOME: root, BM_CONFIG_DIR: elsewhere }).map((e) => e.path), [elsewhere]);
});

test('a file of another user is exposed', () => {
  const { cfg, env } = home();
  const file = join(cfg, 'config.json');
  const me = process.getuid!();
  // As root the file is given away; otherwise bm is asked to look as if it ran as someone else.
  const [owner, asUid] = me === 0 ? (chownSync(file, 12345, 12345), [12345, 0]) : [me, me + 1];
  const found = exposures(env, asUid);
  assert.equal(found[0]!.path, file);
  assert.equal(found[0]!.why, `belongs to another user (uid ${owner})`);
});
