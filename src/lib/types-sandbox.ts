/**
 * `startSandbox`: its options, the running venue it gives, and the accounts made on it. Declarations
 * only (shipped as dist/lib/types-sandbox.d.ts), re-exported by ./types.ts.
 */
import type { Keys } from './types-values.js';

export interface SandboxOptions {
  /** Seed of the simulated market: the same seed, the same market. */
  readonly seed?: number;
  /** Port to listen on; default 0 (a free one). */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** One line per request served (default: nothing). */
  readonly log?: (line: string) => void;
  /** The venue's rate limits: `spec` the published ones (default), `off` none, or a factor scaling every count. */
  readonly limits?: 'spec' | 'off' | number;
  /** Run it as a child process (`bm sandbox serve` of this package), not in this process; `log` gets its stderr. */
  readonly child?: boolean;
  /** Hold every client to the spec's letter where the venue was looser (`--strict`, docs/sandbox.md); default false. */
  readonly strict?: boolean;
  /** Service of the WebSocket login constant `<service>.WebSocket`; default `exchange`. */
  readonly service?: string;
  /** ms of simulated trading before the first answer; default 20000. 0: ready at once, the book quoted, no trades yet. */
  readonly warmUpMs?: number;
}

/** An account of the sandbox: its key, secret and memo are a client's `credentials`. */
export interface SandboxAccountKeys extends Keys {
  readonly id: string;
  readonly permissions: 'read-only' | 'trade' | 'withdraw';
}

export interface RunningVenue {
  /** Current-generation REST address, `http://127.0.0.1:<port>` (a client's `baseUrl`). */
  readonly url: string;
  /** WebSocket address. */
  readonly wsUrl: string;
  /** Makes an account holding `deposit` (amounts as decimal strings by currency). */
  createAccount(opts?: { readonly deposit?: Readonly<Record<string, string>>; readonly permissions?: SandboxAccountKeys['permissions'] }): Promise<SandboxAccountKeys>;
  /** Stops the exchange and closes every connection. */
  stop(): Promise<void>;
}
