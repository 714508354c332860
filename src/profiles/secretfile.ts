/**
 * The insecure backend, used only for profiles added with `--insecure-storage`: plain JSON in
 * `<configDir>/credentials.json` (0600, directory 0700), `{ "<profile>": {key, secret, memo} }`.
 * Anyone who can read the file as this user (or a backup of it) has the keys: a warning says so
 * on stderr before anything is written. Writers hold the config lock (profiles/lock.ts): a change is
 * a read of the whole file, the change, and an atomic replacement.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, CREDENTIALS_FILE, type Env } from '../util/paths.js';
import { syncDir, writeFileAtomic } from '../util/atomic-file.js';
import { config as configError } from '../errors.js';
import { ensurePrivateDir, FILE_MODE } from './store.js';
import { checkSecret, type Secret, type SecretStore } from './secret-store.js';

export { CREDENTIALS_FILE };

export class FileSecretStore implements SecretStore {
  readonly kind = 'file' as const;
  readonly path: string;

  constructor(
    private readonly env: Env,
    private readonly warn: (line: string) => void,
  ) {
    this.path = join(configDir(env), CREDENTIALS_FILE);
  }

  get where(): string {
    return this.path;
  }

  async get(profile: string): Promise<Secret | undefined> {
    const all = this.readAll();
    return Object.hasOwn(all, profile) ? checkSecret(all[profile], this.path) : undefined;
  }

  async set(profile: string, secret: Secret): Promise<void> {
    this.warn(`warning: the credentials of profile '${profile}' are stored unencrypted in ${this.path} (--insecure-storage); anyone who can read that file can trade with them`);
    const all = this.readAll();
    all[profile] = { key: secret.key, secret: secret.secret, memo: secret.memo };
    this.writeAll(all);
  }

  async delete(profile: string): Promise<boolean> {
    const all = this.readAll();
    if (!Object.hasOwn(all, profile)) return false;
    delete all[profile];
    this.writeAll(all);
    return true;
  }

  private readAll(): Record<string, unknown> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw configError(`cannot read ${this.path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    const m = statSync(this.path).mode;
    // Keys in a file others can read: said on every use until the mode is fixed.
    if ((m & 0o077) !== 0) this.warn(`warning: ${this.path} is readable by others (mode ${(m & 0o777).toString(8)}): chmod 600 ${this.path}`);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // fall through: the error below never quotes the content
    }
    throw configError(`${this.path} is damaged`, 'remove it and add the profiles again with: bm profile add NAME --insecure-storage');
  }

  /**
   * Drops the entries of profiles `keep` refuses (left by a write that was cut short); the names dropped.
   * A file that cannot be read is left alone: the command that needs it says why.
   */
  retain(keep: (profile: string) => boolean): string[] {
    let all: Record<string, unknown>;
    try {
      all = this.readAll();
    } catch {
      return [];
    }
    const dropped = Object.keys(all).filter((p) => !keep(p));
    for (const p of dropped) delete all[p];
    if (dropped.length) this.writeAll(all);
    return dropped;
  }

  /** Replaces the file atomically (0600 from the first byte); with no entry left, removes it. */
  private writeAll(all: Record<string, unknown>): void {
    ensurePrivateDir(configDir(this.env));
    try {
      if (Object.keys(all).length) writeFileAtomic(this.path, `${JSON.stringify(all, null, 2)}\n`, FILE_MODE);
      else {
        rmSync(this.path, { force: true });
        syncDir(configDir(this.env));
      }
    } catch (err) {
      throw configError(`cannot write ${this.path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  }
}
