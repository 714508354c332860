/**
 * Where a profile's key, secret and memo are kept: the OS keychain, or (only when the user asked with
 * `--insecure-storage`) a 0600 file. Every keychain call runs under a deadline, because a locked or
 * absent Secret Service can keep a D-Bus call waiting for a prompt nobody will answer.
 */
import type { Env } from '../util/paths.js';
import type { ProfileSettings } from '../config/settings.js';
import { usage } from '../errors.js';
import { keychainUnreachable, type Secret, type SecretStore } from './secret-store.js';

export { checkSecret, INSECURE_HINT, keychainUnreachable, type Secret, type SecretStore } from './secret-store.js';

/** Deadline of one keychain call, ms. */
export const KEYCHAIN_TIMEOUT_MS = 3000;
/** Deadline when the keychain may be showing an unlock dialog to a person at this terminal, ms. */
export const PROMPT_TIMEOUT_MS = 60_000;
/** The longest deadline a timer can keep, ms. */
const MAX_KEYCHAIN_TIMEOUT_MS = 2_147_483_647;

/**
 * BM_KEYCHAIN_TIMEOUT, ms, or undefined when unset (the default applies); anything but a whole number
 * of ms from 1 to 2^31-1 is a usage error naming the variable (checked before the first request).
 */
export function keychainTimeout(env: Env): number | undefined {
  const v = env.BM_KEYCHAIN_TIMEOUT;
  if (v === undefined || v === '') return undefined;
  if (!/^[0-9]+$/.test(v) || Number(v) < 1 || Number(v) > MAX_KEYCHAIN_TIMEOUT_MS) {
    throw usage(`BM_KEYCHAIN_TIMEOUT: must be a whole number of milliseconds from 1 to ${MAX_KEYCHAIN_TIMEOUT_MS} (got '${v}')`);
  }
  return Number(v);
}

/** After this long a call is said to be waiting (a dialog may be open), ms. */
const SLOW_MS = 1500;

/** Wraps a store so that each call fails with {@link keychainUnreachable} after `timeoutMs`. */
export class TimedSecretStore implements SecretStore {
  constructor(
    private readonly inner: SecretStore,
    private readonly timeoutMs: number = KEYCHAIN_TIMEOUT_MS,
    /** Called once when a call is still waiting after 1.5 s (only with a long deadline). */
    private readonly onSlow?: () => void,
  ) {}

  get kind(): SecretStore['kind'] {
    return this.inner.kind;
  }

  get where(): string {
    return this.inner.where;
  }

  get(profile: string): Promise<Secret | undefined> {
    return this.timed('reading', (s) => this.inner.get(profile, s));
  }

  set(profile: string, secret: Secret): Promise<void> {
    return this.timed('storing', (s) => this.inner.set(profile, secret, s));
  }

  delete(profile: string): Promise<boolean> {
    return this.timed('deleting', (s) => this.inner.delete(profile, s));
  }

  private timed<T>(what: string, op: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        clearTimeout(slow);
        abort.abort();
        reject(keychainUnreachable(`no answer within ${this.timeoutMs / 1000} s while ${what} credentials (is it locked?)`));
      }, this.timeoutMs);
      const slow = this.onSlow && this.timeoutMs > SLOW_MS ? setTimeout(this.onSlow, SLOW_MS) : undefined;
      const done = () => {
        clearTimeout(timer);
        clearTimeout(slow);
      };
      op(abort.signal).then(
        (v) => {
          done();
          resolve(v);
        },
        (err: unknown) => {
          done();
          reject(err);
        },
      );
    });
  }
}

/** `file (insecure)` or `keychain`: how `bm profile list` shows a profile's storage. */
export function storageLabel(p: ProfileSettings): string {
  if (!p.hasCredentials) return '';
  return p.insecureStorage ? 'file (insecure)' : 'keychain';
}

export interface StoreChoice {
  readonly env: Env;
  /** Says where insecure secrets go, once, before they are written; and that the keychain is slow (stderr). */
  readonly warn: (line: string) => void;
  /** A person is at the terminal (stdin and stderr are terminals). */
  readonly interactive?: boolean;
}

/**
 * True when the keychain may answer with an unlock or allow dialog a person has to deal with:
 * an interactive run on macOS, Windows, or a Linux graphical session. Three seconds is too
 * short to type a password; headless sessions fail fast instead (no prompter can appear).
 */
export function mayPrompt(env: Env, interactive: boolean, platform: string = process.platform): boolean {
  if (!interactive) return false;
  return platform === 'darwin' || platform === 'win32' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The store a profile's secrets live in: the file when it was added with --insecure-storage, else the keychain. */
export async function secretStoreFor(p: Pick<ProfileSettings, 'insecureStorage'>, choice: StoreChoice): Promise<SecretStore> {
  if (p.insecureStorage) {
    const { FileSecretStore } = await import('./secretfile.js');
    return new FileSecretStore(choice.env, choice.warn);
  }
  const { KeychainStore } = await import('./keychain.js');
  const prompt = mayPrompt(choice.env, Boolean(choice.interactive));
  const timeout = keychainTimeout(choice.env) ?? (prompt ? PROMPT_TIMEOUT_MS : KEYCHAIN_TIMEOUT_MS);
  const onSlow = prompt ? () => choice.warn('bm: waiting for the OS keychain (an unlock dialog may be open)...') : undefined;
  return new TimedSecretStore(new KeychainStore(choice.env), timeout, onSlow);
}
