/**
 * The background sandbox's files under the state dir: its folder, the record of the running one
 * (`server.json`, read here with its damage said), its saved state, and the port remembered across a
 * stop or a crash. Starting and stopping it is ./background-sandbox.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BmError, config as configError } from '../errors.js';
import { stillRuns } from '../util/alive.js';
import { stateDir, type Env } from '../util/paths.js';
import type { SandboxMode } from './sandbox-mode.js';

/** The record of a running background sandbox (`server.json`), with the mode it runs in. */
export interface ServerInfo extends SandboxMode {
  readonly url: string;
  readonly pid: number;
  readonly port: number;
  readonly startedAt: string;
  /**
   * When its process started (util/alive.ts, processStart): a process given the same pid after it died is
   * told apart. Absent in a record written before it was kept, or where the system does not tell.
   */
  readonly procStart?: string;
}

/**
 * True when the recorded sandbox's process runs: alive, and the same process that was recorded. A pid is
 * reused once its process is gone, so a record's pid alone never proves the sandbox runs (nor is killed).
 */
export function sandboxRuns(info: ServerInfo): boolean {
  return stillRuns(info.pid, info.procStart);
}

/** The sandbox's folder under the state dir (mode 0700). */
export function sandboxHome(env: Env): string {
  return join(stateDir(env), 'sandbox');
}

export function serverInfoPath(env: Env): string {
  return join(sandboxHome(env), 'server.json');
}

export function statePath(env: Env): string {
  return join(sandboxHome(env), 'state.json');
}

/** Where the port of the last background sandbox is remembered (survives stop and crash). */
export function portPath(env: Env): string {
  return join(sandboxHome(env), 'port');
}

function damaged(file: string): BmError {
  return configError(`${file} is damaged (not the record of a running sandbox)`, `remove it (rm ${file}); the next command starts a fresh sandbox`);
}

/** The recorded background sandbox, if any; a damaged record is a config error naming the file. */
export function readServerInfo(env: Env): ServerInfo | undefined {
  const file = serverInfoPath(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let v: Partial<ServerInfo> | null;
  try {
    v = JSON.parse(text) as Partial<ServerInfo> | null;
  } catch {
    throw damaged(file);
  }
  if (!v || typeof v !== 'object' || typeof v.url !== 'string' || !Number.isInteger(v.pid) || !Number.isInteger(v.port) || !['string', 'undefined'].includes(typeof v.procStart)) throw damaged(file);
  return v as ServerInfo;
}

/** The port the last background sandbox had, or 0 (none remembered, or not a port). */
export function lastPort(env: Env): number {
  try {
    const n = Number(readFileSync(portPath(env), 'utf8').trim());
    return Number.isInteger(n) && n > 0 && n < 65536 ? n : 0;
  } catch {
    return 0;
  }
}
