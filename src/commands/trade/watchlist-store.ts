/**
 * The watchlist kept per profile in the settings file (`watchlists`, by profile name; `-` when no
 * profile is in use): read at start with plain `fs`, written under the config lock when `--pairs`,
 * `+` or `-` changed it.
 */
import { readSettings } from '../../config/settings.js';
import type { Env } from '../../util/paths.js';

/** The key of the watchlist of a run without a profile (the built-in sandbox's paper account, BM_API_*). */
export const NO_PROFILE = '-';

const keyOf = (profile: string | undefined) => profile ?? NO_PROFILE;

/** The profile's kept watchlist, or undefined when none was kept. */
export function keptWatchlist(env: Env, profile: string | undefined): string[] | undefined {
  return readSettings(env).watchlists?.[keyOf(profile)];
}

/** Keeps `pairs` as the profile's watchlist. */
export async function keepWatchlist(env: Env, profile: string | undefined, pairs: readonly string[]): Promise<void> {
  const { changeSettings } = await import('../../profiles/change.js');
  await changeSettings(env, (s) => {
    s.watchlists = { ...s.watchlists, [keyOf(profile)]: [...pairs] };
  });
}
