/**
 * Writing the settings file. Only commands that change settings load this module, and it loads
 * `conf` (about 100 ms of imports) on first use; reading stays in config/settings.ts on plain `fs`.
 * The file is `<configDir>/config.json` (0600) in a 0700 directory, whatever the umask.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, type Env } from '../util/paths.js';
import { SETTINGS_FILE, type Settings } from '../config/settings.js';
import { syncDir } from '../util/atomic-file.js';
import { config as configError, usage } from '../errors.js';

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** Letters, digits, `_`, `.` and `-`, starting with a letter or digit, at most 64: safe as a keychain account. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Throws a usage error when `name` cannot name a profile. */
export function checkProfileName(name: string): string {
  if (!NAME.test(name)) {
    throw usage(`not a valid profile name: '${name}'`, 'use letters, digits, _ . - (at most 64), e.g. main or paper-2');
  }
  return name;
}

/** Creates `dir` if needed and makes it 0700 (mkdir's mode is cut by the umask; chmod is not). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  chmodSync(dir, DIR_MODE);
}

interface ConfLike {
  readonly path: string;
  store: Record<string, unknown>;
}

/**
 * The settings file opened for writing through `conf`. conf (v15) re-reads the file on every access
 * (no cache) and replaces it atomically (temporary file, fsync, rename), but takes no lock: a
 * read-modify-write of two processes at once loses one of them. So writers go through
 * {@link changeSettings} (profiles/change.ts), which holds the config lock around the re-read and
 * the write. Every write leaves the file 0600 and its directory 0700.
 */
export class SettingsStore {
  private constructor(
    private readonly conf: ConfLike,
    readonly dir: string,
  ) {}

  /** Opens `<configDir>/config.json` through `conf`, creating the directory (0700) when absent. */
  static async open(env: Env): Promise<SettingsStore> {
    const dir = configDir(env);
    ensurePrivateDir(dir);
    const { default: Conf } = await import('conf');
    let conf: ConfLike;
    try {
      conf = new Conf<Record<string, unknown>>({
        cwd: dir,
        configName: SETTINGS_FILE.replace(/\.json$/, ''),
        projectSuffix: '',
        configFileMode: FILE_MODE,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
        watch: false,
      });
    } catch (err) {
      throw configError(`cannot open ${join(dir, SETTINGS_FILE)}: ${(err as Error).message}`, 'fix or remove the file, then add profiles again');
    }
    return new SettingsStore(conf, dir);
  }

  get path(): string {
    return this.conf.path;
  }

  /** Replaces the whole file with `s` (keys other than bm's, if any, are kept). */
  write(s: Settings): void {
    ensurePrivateDir(this.dir);
    const next: Record<string, unknown> = { ...this.conf.store, profiles: s.profiles };
    if (s.currentProfile === undefined) delete next.currentProfile;
    else next.currentProfile = s.currentProfile;
    if (s.watchlists !== undefined) next.watchlists = s.watchlists;
    try {
      this.conf.store = next;
    } catch (err) {
      throw configError(`cannot write ${this.path}: ${(err as Error).message}`);
    }
    // conf's temporary file is created under the umask: enforce the mode on what ends up there.
    chmodSync(this.path, FILE_MODE);
    syncDir(this.dir);
  }
}
