/**
 * ccxt (about 89 MB) for the client tests, installed on demand into a cache outside the repository:
 * `$XDG_CACHE_HOME/bm-test/ccxt-<version>` (else `~/.cache/...`). One installer at a time (a lock
 * directory beside it; a lock of a dead process is taken over); the install goes to a fresh folder
 * renamed into place when complete, so a reader never sees half of one. CI runs this file before the
 * tests (`node --import tsx test/helpers/ccxt-cache.ts`), so the install is not a test's time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registryEnv } from './registry-env.js';

/** The ccxt version the client tests pin. */
export const CCXT_VERSION = '4.5.70';
/** ms an install may take before a waiting run gives up on it. */
const INSTALL_DEADLINE_MS = 10 * 60_000;

/** The cache folder of the pinned version. */
export function ccxtDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'bm-test', `ccxt-${CCXT_VERSION}`);
}

const installed = (dir: string) => existsSync(join(dir, 'node_modules', 'ccxt', 'package.json'));

function holderAlive(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(join(lock, 'pid'), 'utf8')), 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock, or resolves false once another process has installed it; throws past the deadline. */
async function lockOrWait(dir: string, lock: string): Promise<boolean> {
  const deadline = Date.now() + INSTALL_DEADLINE_MS;
  for (;;) {
    if (installed(dir)) return false;
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // A holder that has not written its pid yet counts as alive.
    if (existsSync(join(lock, 'pid')) && !holderAlive(lock)) rmSync(lock, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`another process has held ${lock} for ${INSTALL_DEADLINE_MS / 60_000} minutes`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The cache folder with ccxt installed in it (npm install --ignore-scripts of the pinned version),
 * installing it first when needed. Throws with npm's report when the install fails (no network).
 */
export async function ensureCcxt(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = ccxtDir(env);
  if (installed(dir)) return dir;
  mkdirSync(dirname(dir), { recursive: true });
  const lock = `${dir}.lock`;
  if (!(await lockOrWait(dir, lock))) return dir;
  try {
    if (installed(dir)) return dir;
    const fresh = `${dir}.part-${process.pid}`;
    rmSync(fresh, { recursive: true, force: true });
    mkdirSync(fresh);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['install', '--prefix', fresh, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `ccxt@${CCXT_VERSION}`], { encoding: 'utf8', env: registryEnv(env) });
    if (r.status !== 0 || !installed(fresh)) {
      rmSync(fresh, { recursive: true, force: true });
      throw new Error(`npm install ccxt@${CCXT_VERSION} into ${fresh} failed (exit ${r.status}): ${(r.stderr || r.error?.message || '').trim().slice(-2000)}`);
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(fresh, dir);
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** ccxt's CommonJS entry from the cache folder `dir`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function loadCcxt(dir: string): any {
  return createRequire(join(dir, 'package.json'))('ccxt');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = await ensureCcxt();
  const version = (JSON.parse(readFileSync(join(dir, 'node_modules', 'ccxt', 'package.json'), 'utf8')) as { version: string }).version;
  console.log(`ccxt ${version} in ${dir}`);
}
