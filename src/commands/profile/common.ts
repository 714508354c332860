/** What the profile verbs share: looking a profile up, its venue, its secret store, masking a key. */
import type { ProfileSettings } from '../../config/settings.js';
import { resolveVenue, type Venue } from '../../config/venue.js';
import type { Context } from '../../context.js';
import { config as configError, type BmError } from '../../errors.js';
import { secretStoreFor, type SecretStore } from '../../profiles/secrets.js';

/** The error of a profile name no profile has: exit 5. */
export function noSuchProfile(name: string): BmError {
  return configError(`no profile named '${name}'`, 'list profiles with: bm profile list');
}

/** The named profile's settings; a config error (exit 5) when there is none. */
export function profileNamed(ctx: Context, name: string): ProfileSettings {
  const p = ctx.settings.profiles[name];
  if (!p) throw noSuchProfile(name);
  return p;
}

/** The venue a profile points at, on its own (no flags, no environment). */
export function venueOf(p: ProfileSettings): Venue {
  return resolveVenue({}, {}, p);
}

/** A venue's REST address for display; the sandbox's is found when it starts. */
export function baseUrlLabel(v: Venue): string {
  return v.baseUrl || '(built-in sandbox)';
}

/** The store holding this profile's secrets. */
export function storeOf(ctx: Context, p: Pick<ProfileSettings, 'insecureStorage'>): Promise<SecretStore> {
  return secretStoreFor(p, { env: ctx.env, warn: (line) => ctx.io.err(`${line}\n`), interactive: ctx.io.canPrompt });
}

/** All but the last 4 characters replaced by `*` (all of it when the key is 8 characters or fewer). */
export function maskKey(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${'*'.repeat(key.length - 4)}${key.slice(-4)}`;
}
