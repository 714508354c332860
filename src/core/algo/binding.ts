/**
 * Where a conditional order was armed: its venue (the built-in sandbox, or the addresses of both REST
 * generations and the WebSocket with its service) and its account (a profile's keys, the three BM_API_*
 * variables, credentials a program gave, or the sandbox paper account), named by a fingerprint of the
 * access key, never the secret or memo. Journaled with the algo: every runner, resume and cancel runs
 * there and nowhere else, whatever the shell that starts it says.
 */
import { createHash } from 'node:crypto';
import type { Credentials } from '../../api/client.js';
import type { Env } from '../../util/paths.js';
import { BmError, config as configError } from '../../errors.js';
import type { SessionOptions } from '../session-options.js';
import type { LibVenue } from '../venue.js';

/** The venue an algo runs on. */
export type BoundVenue =
  | { readonly builtin: true; readonly service: string }
  | { readonly builtin: false; readonly baseUrl: string; readonly wsUrl: string; readonly legacyUrl: string; readonly service: string };

/**
 * The account an algo runs on: where its credentials came from, and a fingerprint of the access key; or
 * none, for a kind that moves no money (an alert reads the public market only: no key is needed or taken).
 */
export type BoundAccount =
  | {
    readonly from: 'profile' | 'env' | 'given' | 'paper';
    readonly profile?: string;
    /** The first 16 hex digits of the SHA-256 of the access key. */
    readonly key: string;
  }
  | { readonly from: 'none' };

/** True when two bindings name the same account (both none, or the same key). */
export function sameAccount(a: BoundAccount, b: BoundAccount): boolean {
  return a.from === 'none' || b.from === 'none' ? a.from === b.from : a.key === b.key;
}

export interface AlgoBinding {
  readonly venue: BoundVenue;
  readonly account: BoundAccount;
  /** The per-request timeout it was armed with, ms. */
  readonly timeoutMs?: number;
}

/** The variables that choose a venue or an account: a runner's environment holds only those its binding names. */
const VENUE_VARS = ['BM_PROFILE', 'BM_BASE_URL', 'BM_WS_URL', 'BM_LEGACY_URL', 'BM_SERVICE'];
const KEY_VARS = ['BM_API_KEY', 'BM_API_SECRET', 'BM_API_MEMO'];

/** A fingerprint of an access key: enough to tell two keys apart, nothing to sign with. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/**
 * The binding of an algo armed through `venue` now: its addresses and, when it may move money (`account`),
 * its account; an algo that moves none (an alert) is bound to the venue alone, and needs no key.
 */
export async function bindingOf(venue: LibVenue, timeoutMs: number, what: string, account = true): Promise<AlgoBinding> {
  const origin = venue.origin?.() ?? { builtin: false, account: { from: 'given' as const } };
  const creds = account ? await venue.credentials() : undefined;
  if (account && (!creds || origin.account.from === 'none')) {
    throw new BmError('auth', `${what}: no API key is configured (a conditional order, an alert too, runs on the account it was armed on)`, { hint: 'add one with: bm profile add NAME (or set BM_API_KEY, BM_API_SECRET, BM_API_MEMO)' });
  }
  const ws = await venue.ws();
  const bound: BoundVenue = origin.builtin
    ? { builtin: true, service: ws.service }
    : { builtin: false, baseUrl: await venue.baseUrl(), wsUrl: ws.url, legacyUrl: await venue.legacyUrl(), service: ws.service };
  const a = origin.account;
  if (!creds || a.from === 'none') return { venue: bound, account: { from: 'none' }, timeoutMs };
  return { venue: bound, account: { from: a.from, ...(a.from === 'profile' ? { profile: a.profile } : {}), key: keyFingerprint(creds.key) }, timeoutMs };
}

/** The account in words: `profile 'main' (key 3f2a...)`. */
export function accountText(a: BoundAccount): string {
  if (a.from === 'none') return 'no account (the public market only)';
  const whose = a.from === 'profile' ? `profile '${a.profile}'` : a.from === 'env' ? 'BM_API_KEY/SECRET/MEMO' : a.from === 'given' ? 'the credentials a program gave' : 'the sandbox paper account';
  return `${whose} (key ${a.key})`;
}

/** The venue in words. */
export function venueText(v: BoundVenue): string {
  return v.builtin ? 'the built-in sandbox' : v.baseUrl;
}

/**
 * The session options and environment that reach exactly the binding's venue and account: the shell's
 * own venue options and variables are dropped, its BM_API_* kept only when the algo was armed with them
 * (or with credentials a program gave, which a shell passes the same way).
 */
export function boundSession(b: AlgoBinding, env: Env): { options: SessionOptions; env: Env } {
  const keys = b.account.from === 'env' || b.account.from === 'given';
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) if (!VENUE_VARS.includes(k) && (keys || !KEY_VARS.includes(k))) out[k] = v;
  const v = b.venue;
  const options: SessionOptions = {
    // No profile is '' (not undefined): the current profile of the settings must not stand in.
    profile: b.account.from === 'profile' ? b.account.profile! : '',
    ...(v.builtin ? { sandbox: true, service: v.service } : { baseUrl: v.baseUrl, wsUrl: v.wsUrl, legacyUrl: v.legacyUrl, service: v.service }),
    ...(b.timeoutMs !== undefined ? { timeout: String(b.timeoutMs) } : {}),
  };
  return { options, env: out };
}

/**
 * Refuses (exit 5) credentials that are not the account the algo was armed on, saying which were
 * wanted and where they are to come from.
 */
export function checkAccount(id: string, b: AlgoBinding, creds: Credentials | undefined): void {
  const a = b.account;
  if (a.from === 'none') return;
  const want = accountText(a);
  if (!creds) {
    const how = a.from === 'env' || a.from === 'given' ? `set BM_API_KEY, BM_API_SECRET and BM_API_MEMO of key ${a.key} in this shell` : a.from === 'profile' ? `add the keys again with: bm profile add ${a.profile}` : 'the sandbox paper account is gone (bm sandbox reset?)';
    throw configError(`algo ${id} was armed on ${want} at ${venueText(b.venue)}; here there are no such credentials: nothing was sent`, how);
  }
  const got = keyFingerprint(creds.key);
  if (got !== a.key) {
    const how = a.from === 'env' || a.from === 'given' ? `run it from a shell whose BM_API_KEY is key ${a.key}` : a.from === 'profile' ? `profile '${a.profile}' now holds another key: put key ${a.key} back, or cancel the algo with bm algo cancel ${id}` : `the sandbox paper account was made anew (bm sandbox reset?): the algo's account is gone; cancel it with bm algo cancel ${id}`;
    throw configError(`algo ${id} was armed on ${want} at ${venueText(b.venue)}; here the key is ${got}: nothing was sent`, how);
  }
}
