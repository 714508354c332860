/**
 * The insecure backend, used only for profiles added with `--insecure-storage`: plain JSON in
 * `<configDir>/credentials.json` (0600, directory 0700), `{ "<profile>": {key, secret, memo} }`.
 * Anyone who can read the file as this user (or a backup of it) has the keys: a warning says so
 * on stderr before anything is written.
 */
import { chmodSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, type Env } from '../config/paths.js';
import { config as configError } from '../errors.js';
import { ensurePrivateDir, FILE_MODE } from './store.js';
import { checkSecret, type Secret, type SecretStore } from './secret-store.js';

export const CREDENTIALS_FILE = 'credentials.json';

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
    if (Object.keys(all).length) this.writeAll(all);
    else rmSync(this.path, { force: true });
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

  /** Writes a 0600 temporary file beside the target, then renames it: never a moment with looser modes. */
  private writeAll(all: Record<string, unknown>): void {
    ensurePrivateDir(configDir(this.env));
    const tmp = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`, { mode: FILE_MODE });
      chmodSync(tmp, FILE_MODE);
      renameSync(tmp, this.path);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw configError(`cannot write ${this.path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  }
}
