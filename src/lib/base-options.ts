/** What both generations' REST clients of a library client share: its venue's credentials, its timeout, the machine's limits. */
import { debuglog } from 'node:util';
import type { BaseOptions } from '../api/base.js';
import { sharedGate } from '../api/file-gate.js';
import type { Env } from '../config/paths.js';
import type { LibVenue } from './venue.js';

const debug = debuglog('bm');

/** Client options over `baseUrl` (one generation's address); `timeoutMs` per request. */
export function baseOptions(venue: LibVenue, baseUrl: () => Promise<string>, env: Env, timeoutMs: number, note: (line: string) => void): BaseOptions {
  return {
    env,
    baseUrl,
    credentials: () => venue.credentials(),
    timeoutMs,
    // Counted with every other bm process and client on this machine (same state directory).
    gate: sharedGate(env, timeoutMs, (line) => debug('%s', line)),
    note,
    // NODE_DEBUG=bm: each request and answer, secrets redacted (as bm --verbose).
    ...(debug.enabled ? { trace: (line: string) => debug('%s', line) } : {}),
  };
}
