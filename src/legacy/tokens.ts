/**
 * The legacy access-token cache: `<stateDir>/legacy-tokens.json` (0600, dir 0700), keyed by venue URL
 * and API key. The token endpoint allows 5 requests a minute, so one token serves every invocation
 * until shortly before the lifetime the server gave (`expires_in`) runs out.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stateDir, type Env } from '../util/paths.js';

export interface CachedToken {
  readonly token: string;
  /** Unix ms when the server's lifetime ends. */
  readonly expiresAt: number;
  /** Unix ms when it was issued. */
  readonly issuedAt: number;
}

/** What the client needs of a token store (tests use an in-memory one). */
export interface TokenStore {
  get(venue: string, key: string, now: number): CachedToken | undefined;
  put(venue: string, key: string, token: CachedToken): void;
  drop(venue: string, key: string): void;
}

/**
 * Time to stop using a token before it expires, ms: a tenth of its lifetime, at most a minute,
 * so a request never carries a token that dies on the way.
 */
export function refreshMargin(t: CachedToken): number {
  return Math.min(60_000, Math.max(0, (t.expiresAt - t.issuedAt) / 10));
}

/** True while the token may still be sent at `now` (ms). */
export function usable(t: CachedToken, now: number): boolean {
  return now < t.expiresAt - refreshMargin(t);
}

export function tokenFile(env: Env): string {
  return join(stateDir(env), 'legacy-tokens.json');
}

type FileShape = Record<string, CachedToken>;

function entryKey(venue: string, key: string): string {
  return `${venue} ${key}`;
}

/** The cache file; unreadable or corrupt files count as empty (a token is cheap to fetch again). */
export class FileTokenStore implements TokenStore {
  constructor(private readonly path: string) {}

  private read(): FileShape {
    try {
      const v = JSON.parse(readFileSync(this.path, 'utf8')) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as FileShape) : {};
    } catch {
      return {};
    }
  }

  private write(all: FileShape, now: number): void {
    const kept: FileShape = {};
    for (const [k, t] of Object.entries(all)) if (t && typeof t.expiresAt === 'number' && t.expiresAt > now) kept[k] = t;
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    // Write then rename: a concurrent reader sees the old file or the new one, never half of one.
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.path);
  }

  get(venue: string, key: string, now: number): CachedToken | undefined {
    const t = this.read()[entryKey(venue, key)];
    return t && typeof t.token === 'string' && typeof t.expiresAt === 'number' && usable(t, now) ? t : undefined;
  }

  put(venue: string, key: string, token: CachedToken): void {
    const all = this.read();
    all[entryKey(venue, key)] = token;
    this.write(all, token.issuedAt);
  }

  drop(venue: string, key: string): void {
    const all = this.read();
    if (!(entryKey(venue, key) in all)) return;
    delete all[entryKey(venue, key)];
    this.write(all, Date.now());
  }
}

/** A store that forgets at exit (tests, and --dry-run). */
export class MemoryTokenStore implements TokenStore {
  private readonly map = new Map<string, CachedToken>();
  get(venue: string, key: string, now: number): CachedToken | undefined {
    const t = this.map.get(entryKey(venue, key));
    return t && usable(t, now) ? t : undefined;
  }
  put(venue: string, key: string, token: CachedToken): void {
    this.map.set(entryKey(venue, key), token);
  }
  drop(venue: string, key: string): void {
    this.map.delete(entryKey(venue, key));
  }
}
