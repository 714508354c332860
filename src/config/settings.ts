/**
 * Reading the settings file cheaply: one-shots read it with `fs` and never load `conf`,
 * which only the commands that write settings load (profiles/store.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config as configError } from '../errors.js';
import { configDir, type Env } from './paths.js';

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
}

export const SETTINGS_FILE = 'config.json';

/** The settings file as stored, or empty settings when there is none yet. */
export function readSettings(env: Env): Settings {
  const file = join(configDir(env), SETTINGS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw configError(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as Partial<Settings>;
    return { ...parsed, profiles: parsed.profiles ?? {} };
  } catch {
    throw configError(`${file} is not valid JSON`, `fix or remove it; profiles are listed by bm profile list`);
  }
}
