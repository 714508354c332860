/**
 * The OS keychain through @napi-rs/keyring (a native module, loaded on first use): one entry per
 * profile, service `bm`, account `<profile>`, holding `{"key","secret","memo"}` as JSON, so a read
 * is one round trip. On Linux the entry is pinned to the Secret Service: the kernel keyring the
 * library would otherwise fall back to forgets everything at logout, which would lose credentials silently.
 */
import type { Env } from '../util/paths.js';
import { probeBus } from './dbusprobe.js';
import { checkSecret, keychainUnreachable, type Secret, type SecretStore } from './secret-store.js';

export const KEYCHAIN_SERVICE = 'bm';

type Keyring = typeof import('@napi-rs/keyring');
type AsyncEntry = InstanceType<Keyring['AsyncEntry']>;

let loaded: Promise<Keyring> | undefined;
let busChecked = false;

/** The library's own words about a failure: its first line, short; it never holds a password. */
function reason(err: unknown): string {
  const text = (err as Error)?.message ?? String(err);
  const line = text.split('\n')[0]!.trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line || 'unknown failure';
}

export class KeychainStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly where = `the OS keychain (service ${KEYCHAIN_SERVICE})`;

  constructor(
    private readonly env: Env = process.env,
    private readonly service: string = KEYCHAIN_SERVICE,
  ) {}

  async get(profile: string, signal?: AbortSignal): Promise<Secret | undefined> {
    const entry = await this.entry(profile, signal);
    let text: string | null;
    try {
      text = await entry.getPassword(signal);
    } catch (err) {
      throw keychainUnreachable(reason(err));
    }
    if (text === null) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return checkSecret(parsed, `${this.where}, account ${profile}`);
  }

  async set(profile: string, secret: Secret, signal?: AbortSignal): Promise<void> {
    const entry = await this.entry(profile, signal);
    const text = JSON.stringify({ key: secret.key, secret: secret.secret, memo: secret.memo });
    try {
      await entry.setPassword(text, signal);
    } catch (err) {
      throw keychainUnreachable(reason(err));
    }
  }

  async delete(profile: string, signal?: AbortSignal): Promise<boolean> {
    const entry = await this.entry(profile, signal);
    try {
      return await entry.deletePassword(signal);
    } catch (err) {
      throw keychainUnreachable(reason(err));
    }
  }

  private async entry(profile: string, signal: AbortSignal | undefined): Promise<AsyncEntry> {
    if (!busChecked) {
      const why = await probeBus(this.env, signal);
      if (why) throw keychainUnreachable(why);
      busChecked = true;
    }
    let lib: Keyring;
    try {
      lib = await (loaded ??= import('@napi-rs/keyring'));
    } catch (err) {
      loaded = undefined;
      throw keychainUnreachable(`the keychain module did not load (${reason(err)})`);
    }
    try {
      // With no session bus the constructor itself throws.
      return new lib.AsyncEntry(this.service, profile, { linux: { store: 'secret-service' } });
    } catch (err) {
      throw keychainUnreachable(reason(err));
    }
  }
}
