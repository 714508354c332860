/** What both generations' REST clients of a client share: its venue's credentials, its timeout, the machine's limits. */
import type { BaseOptions } from '../api/base-types.js';
import { sharedGate } from '../api/file-gate.js';
import { MemoryGate } from '../api/gate.js';
import { sleepOn } from '../util/clock.js';
import type { Wiring } from './venue.js';

/** Client options over `baseUrl` (one generation's address). The one place a REST client of `bm` (CLI or library) is wired. */
export function baseOptions(w: Wiring, baseUrl: () => Promise<string>): BaseOptions {
  const { venue, clock } = w;
  return {
    env: w.env,
    baseUrl,
    credentials: () => venue.credentials(),
    timeoutMs: w.timeoutMs,
    // Counted with every other bm process and client on this machine (same state directory).
    gate: w.inProcess
      ? new MemoryGate(clock ? () => clock.now() : Date.now, clock ? sleepOn(clock) : undefined)
      : sharedGate(w.env, w.timeoutMs, w.gateTrace, clock && { now: () => clock.now(), sleep: sleepOn(clock) }),
    ...(w.inProcess ? { send: w.inProcess } : {}),
    note: w.note,
    ...(w.trace ? { trace: w.trace } : {}),
    ...(clock ? { now: () => clock.now(), sleep: sleepOn(clock), timer: (ms: number, fn: () => void) => clock.timer(ms, fn) } : {}),
  };
}
