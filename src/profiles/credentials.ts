/**
 * Where credentials come from, first match wins: BM_API_KEY/SECRET/MEMO (all three), else the
 * profile's (keychain, or its 0600 file when added with --insecure-storage), else, on the built-in
 * sandbox venue, the sandbox paper account. Anywhere else: none (signed calls then say how to add some).
 * None at all while a config file or folder is writable by others (config/permissions.ts).
 */
import type { Credentials } from '../api/client.js';
import { refuseExposedConfig } from '../config/permissions.js';
import type { Env } from '../util/paths.js';
import type { Settings } from '../config/settings.js';
import type { Venue } from '../config/venue.js';
import { config as configError, usage } from '../errors.js';

/** What finding credentials needs of a venue session (src/core/session.ts). */
export interface CredentialSource {
  readonly env: Env;
  readonly profileName: string | undefined;
  readonly settings: Settings;
  /** `--sandbox` was given. */
  readonly sandboxFlag: boolean;
  readonly venue: Venue;
  /** Whether a person may be asked (to unlock a keychain). */
  readonly canPrompt: boolean;
  baseUrl(): Promise<string>;
  readonly timeoutMs: number;
  /** A line the user must see (a keychain's warning). */
  readonly sink: { warn(line: string): void };
  trace(line: string): void;
}

/**
 * Where the credentials of a session come from, decided as {@link loadCredentials} decides it (nothing is
 * read from the keychain): the three variables, a profile's stored keys, the sandbox paper account, or none.
 */
export type CredentialOrigin = { readonly from: 'env' } | { readonly from: 'profile'; readonly profile: string } | { readonly from: 'paper' } | { readonly from: 'none' };

export function credentialOrigin(ctx: Pick<CredentialSource, 'env' | 'profileName' | 'settings' | 'sandboxFlag' | 'venue'>): CredentialOrigin {
  const { BM_API_KEY: key, BM_API_SECRET: secret, BM_API_MEMO: memo } = ctx.env;
  if (key !== undefined || secret !== undefined || memo !== undefined) return { from: 'env' };
  const name = ctx.profileName;
  const profile = name ? ctx.settings.profiles[name] : undefined;
  // `--sandbox` points a profile of another venue at the sandbox: its keys mean nothing there.
  const sameVenue = !ctx.sandboxFlag || profile?.venue === 'sandbox';
  if (name && profile?.hasCredentials && sameVenue) return { from: 'profile', profile: name };
  return ctx.venue.preset === 'sandbox' ? { from: 'paper' } : { from: 'none' };
}

export async function loadCredentials(ctx: CredentialSource): Promise<Credentials | undefined> {
  // Whatever signs, settings others can rewrite could send it elsewhere: refused (exit 5).
  refuseExposedConfig(ctx.env);
  const origin = credentialOrigin(ctx);
  switch (origin.from) {
    case 'env': {
      const { BM_API_KEY: key, BM_API_SECRET: secret, BM_API_MEMO: memo } = ctx.env;
      if (!key || !secret || memo === undefined) throw usage('BM_API_KEY, BM_API_SECRET and BM_API_MEMO must be set together');
      return { key, secret, memo };
    }
    case 'profile': {
      const name = origin.profile;
      const { secretStoreFor } = await import('./secrets.js');
      const store = await secretStoreFor(ctx.settings.profiles[name]!, { env: ctx.env, warn: (l) => ctx.sink.warn(l), interactive: ctx.canPrompt });
      const found = await store.get(name);
      if (!found) throw configError(`profile '${name}' has no credentials in ${store.where}`, `enter them again with: bm profile add ${name}`);
      return found;
    }
    case 'paper': {
      const { paperCredentials } = await import('./paper.js');
      return paperCredentials(ctx.env, () => ctx.baseUrl(), ctx.timeoutMs);
    }
    case 'none':
      return undefined;
  }
}

/**
 * Called when the venue answered 30002 (key unknown). When the key was the paper account's, the
 * sandbox was reset: forget it so the next attempt creates a new one. True when a retry makes sense.
 */
export async function renewPaperIfStale(ctx: Pick<CredentialSource, 'env' | 'trace'>, used: Credentials | undefined): Promise<boolean> {
  const { isPaper, forgetPaper } = await import('./paper.js');
  if (!isPaper(used)) return false;
  forgetPaper(ctx.env);
  ctx.trace('the sandbox does not know the paper account (reset?): creating a new one');
  return true;
}
