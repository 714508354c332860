/**
 * Starting one `bm sandbox serve` detached: its log in the sandbox's folder, its address read from its
 * `listening` line, and a start that failed said from the log's last error. The one-starter lock and the
 * record are ./background-sandbox.ts's.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { BmError, config as configError } from '../errors.js';
import type { Env } from '../util/paths.js';
import { processStart } from '../util/alive.js';
import { ownBin } from '../util/own-bin.js';
import type { SandboxMode } from './sandbox-mode.js';
import { statePath, type ServerInfo } from './sandbox-record.js';

/** The last `error: ` line of the log (its last 16 KiB), without the prefix. */
function lastError(logFile: string): string | undefined {
  try {
    const fd = openSync(logFile, 'r');
    try {
      const buf = Buffer.alloc(16384);
      const n = readSync(fd, buf, 0, buf.length, Math.max(0, fstatSync(fd).size - buf.length));
      return buf.toString('utf8', 0, n).split('\n').reverse().find((l) => l.startsWith('error: '))?.slice('error: '.length);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** Spawns the server on `port` (0: any free one) and waits for its address (10 s at most). */
export async function spawnServer(env: Env, home: string, port: number, mode: SandboxMode): Promise<ServerInfo> {
  const bin = ownBin();
  const { spawn } = await import('node:child_process');
  const logFile = join(home, 'server.log');
  const log = openSync(logFile, 'a', 0o600);
  const args = [bin, 'sandbox', 'serve', '--port', String(port), '--state', statePath(env), ...(mode.limits ? ['--limits', mode.limits] : []), ...(mode.strict ? ['--strict'] : [])];
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', log], env: env as NodeJS.ProcessEnv });
  closeSync(log);
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new BmError('network', 'the sandbox did not start within 10 s', { hint: `see ${logFile}` })), 10_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buf += chunk;
      const m = /listening (http:\/\/\S+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      // Exit 5: its state file is damaged, foreign or inconsistent; serve.ts said which, last, in the log.
      const said = code === 5 ? lastError(logFile) : undefined;
      if (code === 5) reject(configError(said ?? `the sandbox state ${statePath(env)} is damaged or not a sandbox state (details in ${logFile})`, 'move it away, or delete it with: bm sandbox reset --yes'));
      else reject(new BmError('network', `the sandbox exited at start (code ${code})`, { hint: `see ${logFile}` }));
    });
  });
  child.stdout!.destroy();
  child.unref();
  // Read while it runs (it just said it listens): the record tells this process from a later one given its pid.
  const procStart = processStart(child.pid!);
  return { url, pid: child.pid!, port: Number(new URL(url).port), startedAt: new Date().toISOString(), ...(procStart ? { procStart } : {}), ...mode };
}
