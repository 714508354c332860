/**
 * Reading the settings file cheaply: one-shots read it with `fs` and never load `conf`,
 * which only the commands that write settings load (profiles/store.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config as configError } from '../errors.js';
import { configDir, SETTINGS_FILE, type Env } from '../util/paths.js';
import { exposedWarning } from './permissions.js';
import { profileProblems } from './profile-check.js';

export type VenuePreset = 'sandbox' | 'bitmart' | 'custom';

/** One profile's settings. Never a secret: those live in the keychain. */
export interface ProfileSettings {
  venue: VenuePreset;
  baseUrl?: string;
  wsUrl?: string;
  legacyUrl?: string;
  service?: string;
  output?: string;
  /** Credentials are kept in a 0600 file instead of the keychain (the user asked). */
  insecureStorage?: boolean;
  /** The profile has credentials stored (keychain or file). */
  hasCredentials?: boolean;
}

export interface Settings {
  currentProfile?: string;
  profiles: Record<string, ProfileSettings>;
  /** The trading terminal's watchlist of each profile (by profile name; `-` without one): pairs. */
  watchlists?: Record<string, string[]>;
}

export { SETTINGS_FILE };

/**
 * The settings file as stored, or empty settings when there is none yet. `warn` gets a line when a
 * config file or folder is writable by others (config/permissions.ts): reads go on, signing does not.
 */
export function readSettings(env: Env, warn?: (line: string) => void): Settings {
  const file = join(configDir(env), SETTINGS_FILE);
  const exposed = warn && exposedWarning(env);
  if (exposed) warn(exposed);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw configError(`cannot read ${file}: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw configError(`${file} is not valid JSON`, `fix or remove it; profiles are listed by bm profile list`);
  }
  return checkSettings(file, parsed);
}

/** Valid JSON of the wrong shape is refused naming the file and the problem, never read as empty. */
function checkSettings(file: string, parsed: unknown): Settings {
  const fix = `fix it, or move it away (mv ${file} ${file}.bad) and add profiles again with bm profile add`;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw configError(`${file} is not bm settings (a JSON object is expected)`, fix);
  const s = parsed as Partial<Settings>;
  const profiles = s.profiles ?? {};
  if (!profiles || typeof profiles !== 'object' || Array.isArray(profiles)) throw configError(`${file}: "profiles" is not an object`, fix);
  if (s.currentProfile !== undefined && typeof s.currentProfile !== 'string') throw configError(`${file}: "currentProfile" is not text`, fix);
  const lists = s.watchlists;
  if (lists !== undefined && (!lists || typeof lists !== 'object' || Array.isArray(lists) || Object.values(lists).some((l) => !Array.isArray(l) || l.some((p) => typeof p !== 'string')))) {
    throw configError(`${file}: "watchlists" is not an object of lists of pairs`, fix);
  }
  for (const [name, p] of Object.entries(profiles)) {
    const problems = profileProblems(p);
    if (problems.length) throw configError(`${file}: profile '${name}': ${problems.join('; ')}`, `fix profile '${name}' in that file (venue sandbox, bitmart or custom with an http(s) baseUrl), or ${fix.slice(fix.indexOf('move'))}`);
  }
  return { ...s, profiles };
}
