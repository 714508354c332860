// Spawns the built binary (bin/bm.js) asynchronously, so a fake venue in this process can answer it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'bm.js');

/** Builds dist/ when it is missing (npm test builds before running the tests). */
export function ensureBuilt(): void {
  if (existsSync(join(ROOT, 'dist', 'main.js'))) return;
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('node build.mjs failed');
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runBm(args: string[], env: Record<string, string | undefined>, stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
