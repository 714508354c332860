/** Running the built binary in isolation: its own config, state and cache dirs, no inherited credentials. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'bm.js');

export interface Result {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Builds dist/ when it is missing (npm test builds before running the tests). */
export function ensureBuilt(): void {
  if (existsSync(join(ROOT, 'dist', 'main.cjs'))) return;
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('node build.mjs failed');
}

/**
 * The code caches (bin/load.js) of every home {@link isolatedEnv} makes: one folder for the run (under its
 * temporary folder), so a binary started in a fresh home loads its bundles compiled, as on a user's machine
 * after the first run, rather than compiling them and writing a cache no one reads again.
 */
const SHARED_CODE_CACHE = join(tmpdir(), 'bm-test-code-cache');

/**
 * A fresh home for one test: config, state and cache dirs under a temp folder. Its cache dir's code
 * caches are the run's shared ones ({@link ownCodeCache} for a test of the caches themselves), unless
 * `extra` names another cache dir.
 */
export function isolatedEnv(extra: Record<string, string> = {}): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'bm-test-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('BM_') && !/^(XDG_|NO_COLOR|FORCE_COLOR|HTTPS?_PROXY|https?_proxy)/.test(k)) env[k] = v;
  }
  if (extra.XDG_CACHE_HOME === undefined) {
    mkdirSync(SHARED_CODE_CACHE, { recursive: true, mode: 0o700 });
    mkdirSync(join(home, 'cache', 'bm'), { recursive: true });
    symlinkSync(SHARED_CODE_CACHE, codeCacheOf(join(home, 'cache')));
  }
  return {
    ...env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'),
    ...extra,
  };
}

/** The folder of bin/load.js's code caches under the cache dir `cacheHome`. */
const codeCacheOf = (cacheHome: string): string => join(cacheHome, 'bm', 'v8');

/** `env` (from {@link isolatedEnv}) with code caches of its own, none yet: for tests that watch them written. */
export function ownCodeCache(env: Record<string, string>): Record<string, string> {
  rmSync(codeCacheOf(env.XDG_CACHE_HOME!), { force: true });
  return env;
}

/** Runs `bm` synchronously (stdin from `input`, never a terminal). */
export function bm(args: readonly string[], env: Record<string, string>, input = ''): Result {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Runs `bm` without blocking the event loop (for tests whose server lives in this process). */
export function bmAsync(args: readonly string[], env: Record<string, string | undefined>, input = ''): Promise<Result> {
  return runAsync(process.execPath, [BIN, ...args], { cwd: ROOT, env, input });
}

/**
 * Runs a program without blocking the event loop (a file in a pool shares its process with others, and
 * a venue may live in it): its exit code (-1 when killed after `timeoutMs`) and all it wrote. `input` is
 * all of its stdin.
 */
export function runAsync(cmd: string, args: readonly string[], opts: { cwd?: string; env?: Record<string, string | undefined>; input?: string; timeoutMs?: number } = {}): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: (opts.env ?? process.env) as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    child.on('error', fail);
    let stdout = '';
    let stderr = '';
    const timer = opts.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, stdout, stderr });
    });
    // A program may end without reading its input (a shell whose script reads none, a bm that failed its
    // checks): the pipe then breaks, which is its business, not an error of the run; its exit code tells.
    child.stdin.on('error', (err: NodeJS.ErrnoException) => void (err.code === 'EPIPE' || fail(err)));
    if (opts.input) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

/**
 * Starts `bm sandbox serve --port 0 --strict --warm-up 0` from the built binary; resolves with its URL and
 * a stop function. Strict: bm follows the spec's letter, so its tests meet the sandbox that holds clients
 * to it. No warm-up unless `args` give `--warm-up`: it answers at once, its book quoted and no trade yet.
 */
export async function startSandbox(args: readonly string[] = [], env: Record<string, string> = isolatedEnv()): Promise<{ url: string; stop: () => Promise<void>; pid: number }> {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--strict', ...(args.includes('--warm-up') ? [] : ['--warm-up', '0']), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((ok, fail) => {
    let buf = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      buf += c;
      const m = /listening (http:\/\/\S+)/.exec(buf);
      if (m) ok(m[1]!);
    });
    child.on('exit', (code) => fail(new Error(`sandbox exited with ${code}: ${err}`)));
  });
  const stop = () => new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
  return { url, stop, pid: child.pid! };
}

/** True when a command exists on PATH. */
export function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** ms a terminal test waits for a screen: under a loaded machine a frame can take seconds to come. */
export const TERMINAL_WAIT_MS = 60_000;

/** Polls `check` every 100 ms until it holds; fails naming `what` after `limitMs`. */
export async function until(check: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  for (const end = Date.now() + limitMs; Date.now() < end; await sleep(100)) if (check()) return;
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

/** A running `bm` whose output a test can wait on: for streams that end when the test has seen enough. */
export interface Running {
  /** Output so far. */
  readonly out: () => string;
  /** Resolves once stdout matches `re` (rejects naming it after `limitMs`, or when bm exits first). */
  waitFor(re: RegExp, limitMs?: number): Promise<void>;
  /** Sends a signal (default SIGINT, as Ctrl-C). */
  signal(sig?: NodeJS.Signals): void;
  readonly done: Promise<Result>;
}

/** Starts `bm` without waiting for it to end. */
export function bmStart(args: readonly string[], env: Record<string, string | undefined>): Running {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let closed = false;
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (c: string) => ((stdout += c), waiters.forEach((w) => w())));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const done = new Promise<Result>((ok, fail) => {
    child.on('error', fail);
    child.on('close', (code) => ((closed = true), ok({ code: code ?? -1, stdout, stderr }), waiters.forEach((w) => w())));
  });
  return {
    out: () => stdout,
    done,
    signal: (sig = 'SIGINT') => void child.kill(sig),
    waitFor: (re, limitMs = 20_000) => new Promise<void>((ok, fail) => {
      const t = setTimeout(() => (waiters.delete(check), fail(new Error(`no ${re} on stdout within ${limitMs} ms: ${stdout}${stderr}`))), limitMs);
      function check() {
        if (re.test(stdout)) return (clearTimeout(t), waiters.delete(check), ok());
        if (closed) (clearTimeout(t), waiters.delete(check), fail(new Error(`bm ended before ${re}: ${stdout}${stderr}`)));
      }
      waiters.add(check);
      check();
    }),
  };
}

/**
 * `p`, or an error naming `what` once `limitMs` has passed (a generous deadline: a run that never ends is a
 * failure that says what it waited for, not a test hung until the runner's own timeout).
 */
export async function within<T>(p: Promise<T>, what: string, limitMs = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, ko) => (timer = setTimeout(() => ko(new Error(`timed out after ${limitMs / 1000} s waiting for ${what}`)), limitMs)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}
