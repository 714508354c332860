/**
 * The library's public types, declarations only: the implementation uses them, and build.mjs ships
 * this file as dist/lib/types.d.ts (so it holds no code). The client's options are here; the rest, by
 * topic, are in ./types-*.ts (each shipped as its own .d.ts) and re-exported here, so that one module
 * names every type. The methods' types are generated, and so are the vocabulary's (./vocab.ts).
 */
import type { Keys } from './types-values.js';

export type { DepthLevels, KlineInterval, OrderType, Side, StpMode } from './vocab.js';
export type * from './types-values.js';
export type * from './types-calls.js';
export type * from './types-streams.js';
export type * from './types-sandbox.js';
export type * from './types-helpers.js';
export type * from './types-account.js';
export type * from './types-bots.js';

export interface ClientOptions {
  /** Current-generation REST address, e.g. a sandbox's `venue.url`. Absent: the venue the CLI would use. */
  readonly baseUrl?: string;
  /** WebSocket address; default: the REST address with ws(s)://. */
  readonly wsUrl?: string;
  /** First-generation REST address (`client.legacy`); default: the REST address. */
  readonly legacyUrl?: string;
  /** Service name in the WebSocket login signature (`exchange` for the sandbox). */
  readonly service?: string;
  /** API key, secret and memo (e.g. from `venue.createAccount()`). */
  readonly credentials?: Keys;
  /** A `bm` profile: its venue and its credentials (keychain or file). */
  readonly profile?: string;
  /** The machine's running built-in sandbox (`bm sandbox start`), with its paper account unless credentials are given. */
  readonly sandbox?: boolean;
  /** Whole-request timeout, ms (default 10000). */
  readonly timeoutMs?: number;
  /** Environment read for the state directory (shared rate limits) and the CLI's defaults; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Lines the CLI would print on stderr (a pause the venue asked for, a lookup under way). */
  readonly onNote?: (line: string) => void;
}
