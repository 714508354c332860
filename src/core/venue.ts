/** What a library client needs of its venue, and the explicit venue: an address and the credentials given. */
import type { Credentials } from '../api/client.js';
import type { Env } from '../util/paths.js';
import type { CredentialOrigin } from '../profiles/credentials.js';
import type { WaitClock } from '../util/clock.js';
import type { HttpRequest, HttpResponse } from '../api/http.js';

/** What a client needs of its venue. */
export interface LibVenue {
  baseUrl(): Promise<string>;
  /** WebSocket address (`/api` and `/user` are appended) and the service of the login signature. */
  ws(): Promise<{ readonly url: string; readonly service: string }>;
  /** First-generation REST address. */
  legacyUrl(): Promise<string>;
  credentials(): Promise<Credentials | undefined>;
  /** After "key not found" (30002): true when fresh credentials were made (a reset sandbox's paper account). */
  renewKey?(): Promise<boolean>;
  /**
   * After a refused connection, or one reset (`reached`: after it was made): a new REST address to try once (the
   * CLI restarts its own sandbox; after a reset, only when its process is gone), or undefined.
   */
  refused?(reached: boolean): Promise<string | undefined>;
  /** What the venue and its credentials are, for what must run there again (a conditional order's runner); absent: given by the program. */
  origin?(): VenueOrigin;
}

/**
 * Where a venue and its credentials come from: the built-in sandbox (found, or started, wherever it
 * listens on this machine) or given addresses; the credentials' origin, or `given` by a program.
 */
export interface VenueOrigin {
  readonly builtin: boolean;
  readonly account: CredentialOrigin | { readonly from: 'given' };
}

/** How a client is wired to its venue and its caller: the library's defaults, or a command's context. */
export interface Wiring {
  readonly venue: LibVenue;
  readonly env: Env;
  /** Whole-request timeout, ms. */
  readonly timeoutMs: number;
  /** A line for the caller (stderr for the CLI). */
  readonly note: (line: string) => void;
  /** One line per request and answer, secrets redacted (--verbose, NODE_DEBUG=bm); absent: none. */
  readonly trace?: (line: string) => void;
  /** Lines of the shared rate-limit gate (traced only when tracing). */
  readonly gateTrace: (line: string) => void;
  /** The time, request timeouts and pauses (rate limits, retries); absent: the system's. A test moves its own. */
  readonly clock?: WaitClock;
  /**
   * A venue in this process (a backtest's sandbox): requests are handed to it instead of the network, and
   * counted in this client's own windows on its clock, never in the machine's shared files.
   */
  readonly inProcess?: (req: HttpRequest) => Promise<HttpResponse>;
}

/** An explicit venue: the address given, its WebSocket and legacy generation by the same host unless given, and only the credentials given. */
export function explicitVenue(baseUrl: string, wsUrl: string | undefined, legacyUrl: string | undefined, service: string | undefined, creds: Credentials | undefined): LibVenue {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    baseUrl: async () => base,
    ws: async () => ({ url: (wsUrl ?? base.replace(/^http/, 'ws')).replace(/\/+$/, ''), service: service ?? 'exchange' }),
    legacyUrl: async () => (legacyUrl ?? base).replace(/\/+$/, ''),
    credentials: async () => creds,
    origin: () => ({ builtin: false, account: { from: 'given' } }),
  };
}
