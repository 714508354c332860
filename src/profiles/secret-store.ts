/**
 * The interface every store of a profile's key, secret and memo implements (the OS keychain, the
 * insecure file), and what they share: the error of an unreachable keychain, the check of what a
 * store hands back. Backends import this module, never the chooser (secrets.ts).
 */
import type { Credentials } from '../api/client.js';
import { BmError, config as configError } from '../errors.js';

export type Secret = Credentials;

export interface SecretStore {
  /** `keychain` or `file`. */
  readonly kind: 'keychain' | 'file';
  /** Where the secrets go, for messages (never the secrets themselves). */
  readonly where: string;
  /** The profile's secrets, or undefined when none are stored. */
  get(profile: string, signal?: AbortSignal): Promise<Secret | undefined>;
  set(profile: string, secret: Secret, signal?: AbortSignal): Promise<void>;
  /** True when something was deleted. */
  delete(profile: string, signal?: AbortSignal): Promise<boolean>;
}

export const INSECURE_HINT =
  'unlock or start the keychain (a Secret Service such as gnome-keyring on Linux), or keep this profile\'s ' +
  'credentials in a 0600 file instead: bm profile add NAME --insecure-storage';

/** The error every keychain failure becomes: exit 5, and a hint naming --insecure-storage. */
export function keychainUnreachable(why: string): BmError {
  return configError(`the OS keychain is not reachable: ${why}`, INSECURE_HINT);
}

/** Checks what a store handed back; a damaged entry is a config error (without its content). */
export function checkSecret(value: unknown, where: string): Secret {
  const v = value as Partial<Record<keyof Secret, unknown>> | null;
  if (v && typeof v.key === 'string' && typeof v.secret === 'string' && typeof v.memo === 'string' && v.key && v.secret) {
    return { key: v.key, secret: v.secret, memo: v.memo };
  }
  throw configError(`the stored credentials in ${where} are damaged`, 'enter them again with: bm profile add NAME');
}
