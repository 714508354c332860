// Shared bench helpers: an isolated environment, a sandbox from the built binary, medians.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '..', 'bin', 'bm.js');

/** The homes this process made: removed when it exits (a bench leaves nothing in the temporary folder). */
const homes = [];
process.on('exit', () => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

export function isolatedEnv() {
  const home = mkdtempSync(join(tmpdir(), 'bm-bench-'));
  homes.push(home);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('BM_') && !k.startsWith('XDG_')));
  return { ...env, HOME: home, XDG_CONFIG_HOME: join(home, 'c'), XDG_STATE_HOME: join(home, 's'), XDG_CACHE_HOME: join(home, 'k') };
}

/** A sandbox from the built binary; `extra` are more `sandbox serve` options (e.g. `--limits off`). */
export async function startSandbox(env, extra = []) {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--seed', '1', ...extra], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((ok, fail) => {
    let buf = '';
    child.stdout.setEncoding('utf8').on('data', (c) => {
      buf += c;
      const m = /listening (http:\/\/\S+)/.exec(buf);
      if (m) ok(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`sandbox exited ${code}`)));
  });
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** A sandbox recorded in env's state dir as the running one: bm finds it as on a fresh machine (the default venue). */
export async function defaultSandbox(env, extra = []) {
  const sandbox = await startSandbox(env, extra);
  const home = join(env.XDG_STATE_HOME, 'bm', 'sandbox');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'server.json'), JSON.stringify({ url: sandbox.url, pid: process.pid, port: Number(new URL(sandbox.url).port), startedAt: new Date().toISOString() }));
  return sandbox;
}

/** Wall time of one whole process, ms. */
export function timeRun(cmd, args, env) {
  const t = performance.now();
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** Peak resident memory of one whole process, MiB (a separate run: the hook itself is not timed). */
export function peakRss(cmd, args, env) {
  const file = join(mkdtempSync(join(tmpdir(), 'bm-rss-')), 'rss');
  const r = spawnSync(cmd, ['--import', join(import.meta.dirname, 'rss-hook.mjs'), ...args], { env: { ...env, BENCH_RSS_FILE: file }, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return Number(readFileSync(file, 'utf8')) / 1024;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function table(rows) {
  const cols = Object.keys(rows[0]);
  const w = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals) => vals.map((v, i) => String(v).padEnd(w[i])).join('  ');
  return [line(cols), ...rows.map((r) => line(cols.map((c) => r[c])))].join('\n');
}
