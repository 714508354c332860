/**
 * The sandbox exchange as a library: the same server `bm sandbox serve` runs, started in this
 * process on a free loopback port, in memory, for a bot's own tests. Loaded only when called.
 */
import type { Credentials } from '../api/client.js';

export interface SandboxOptions {
  /** Seed of the simulated market: the same seed, the same market. */
  readonly seed?: number;
  /** Port to listen on; default 0 (a free one). */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** One line per request served (default: nothing). */
  readonly log?: (line: string) => void;
}

/** An account of the sandbox: its API key, secret and memo are a client's `credentials`. */
export interface SandboxAccountKeys extends Credentials {
  readonly id: string;
  readonly permissions: 'read-only' | 'trade' | 'withdraw';
}

export interface RunningVenue {
  /** Current-generation REST address, `http://127.0.0.1:<port>` (a client's `baseUrl`). */
  readonly url: string;
  /** WebSocket address (`/api` and `/user` appended by the client). */
  readonly wsUrl: string;
  /** Makes an account holding `deposit` (amounts as decimal strings by currency). */
  createAccount(opts?: { readonly deposit?: Readonly<Record<string, string>>; readonly permissions?: SandboxAccountKeys['permissions'] }): Promise<SandboxAccountKeys>;
  /** Stops the exchange and closes every connection. */
  stop(): Promise<void>;
}

/** Starts a fresh sandbox exchange in this process. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningVenue> {
  const [{ startServer }, { DEFAULT_DEPOSIT }] = await Promise.all([import('../sandbox/server.js'), import('../sandbox/accounts.js')]);
  const s = await startServer({ port: opts.port ?? 0, ...(opts.host ? { host: opts.host } : {}), ...(opts.seed !== undefined ? { seed: opts.seed } : {}), ...(opts.log ? { log: opts.log } : {}) });
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
