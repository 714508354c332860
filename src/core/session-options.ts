/**
 * What a venue session (./session.ts) is made with and reads its settings by: the options that choose
 * and reach a venue, where its lines go, the request timeout's bounds, and a setting taken from an
 * option or an environment variable.
 */
import type { Env } from '../util/paths.js';
import type { VenueFlags } from '../config/venue.js';

/** The options that choose and reach a venue (the command line's global options of that name). */
export interface SessionOptions extends VenueFlags {
  profile?: string;
  timeout?: string;
  verbose?: boolean;
}

/** Where a session's lines go: the face's stderr (the command line) or its notes (the library). */
export interface SessionSink {
  /** A line the user must see whatever the options (a damaged settings file, a keychain warning). */
  warn(line: string): void;
  /** A line of chatter the user may silence (`--quiet`). */
  note(line: string): void;
  /** Whether a person may be asked something (unlocking a keychain). */
  readonly canPrompt: boolean;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** The longest timeout a timer can hold (ms, about 24.8 days); beyond it Node fires at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** A setting's value and where it came from: the option, the environment variable, or the profile. */
export interface Setting {
  readonly value: string;
  readonly from: string;
}

/** The option's value, else the environment variable's (an empty variable counts as unset). */
export function settingOf(flag: string | undefined, option: string, variable: string, env: Env): Setting | undefined {
  if (flag !== undefined) return { value: flag, from: option };
  const v = env[variable];
  return v === undefined || v === '' ? undefined : { value: v, from: variable };
}
