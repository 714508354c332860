/**
 * The sandbox exchange as a library: the same server `bm sandbox serve` runs, started in this
 * process on a free loopback port, in memory, for a bot's own tests. Loaded only when called.
 */
import { usage } from '../errors.js';
import type { RunningVenue, SandboxOptions } from './types.js';

export type { RunningVenue, SandboxAccountKeys, SandboxOptions } from './types.js';

/** Starts a fresh sandbox exchange in this process, or with `child` as a child process. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningVenue> {
  const { parseLimits } = await import('../sandbox/limits-mode.js');
  const limits = typeof opts.limits === 'number' ? (opts.limits > 0 ? opts.limits : undefined) : parseLimits(opts.limits ?? 'spec');
  if (limits === undefined) throw usage(`limits: spec, off or a positive factor (got ${String(opts.limits)})`);
  const { isServiceName } = await import('../sandbox/ws/login.js');
  if (opts.service !== undefined && !isServiceName(opts.service)) throw usage(`service: letters, digits, _ and - expected (got ${JSON.stringify(opts.service)})`);
  const { warmUpMs } = opts;
  if (warmUpMs !== undefined && !(Number.isSafeInteger(warmUpMs) && warmUpMs >= 0)) throw usage(`warmUpMs: a whole number of ms, 0 or more (got ${String(warmUpMs)})`);
  if (opts.child) return (await import('./sandbox-child.js')).startChild(opts, limits === Number.POSITIVE_INFINITY ? 'off' : String(limits));
  const [{ startServer }, { DEFAULT_DEPOSIT }] = await Promise.all([import('../sandbox/server/server.js'), import('../sandbox/accounts.js')]);
  const s = await startServer({
    port: opts.port ?? 0, limits, ...(opts.host ? { host: opts.host } : {}), ...(opts.seed !== undefined ? { seed: opts.seed } : {}), ...(opts.log ? { log: opts.log } : {}),
    strict: opts.strict ?? false, ...(opts.service !== undefined ? { service: opts.service } : {}), ...(warmUpMs !== undefined ? { warmUpMs } : {}),
  });
  return {
    url: s.url,
    wsUrl: s.url.replace(/^http/, 'ws'),
    async createAccount(o = {}) {
      const a = s.exchange.createAccount(o.deposit ?? DEFAULT_DEPOSIT, o.permissions ?? 'withdraw');
      return { id: a.id, key: a.key, secret: a.secret, memo: a.memo, permissions: a.permissions };
    },
    stop: () => s.close(),
  };
}
