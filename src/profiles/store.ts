/**
 * Writing the settings file. Only commands that change settings load this module, and it loads
 * `conf` (about 100 ms of imports) on first use; reading stays in config/settings.ts on plain `fs`.
 * The file is `<configDir>/config.json` (0600) in a 0700 directory, whatever the umask.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, type Env } from '../config/paths.js';
import { SETTINGS_FILE, type ProfileSettings, type Settings } from '../config/settings.js';
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
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** The settings file opened for writing. Every write leaves the file 0600 and its directory 0700. */
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

  read(): Settings {
    const profiles = (this.conf.get('profiles') ?? {}) as Record<string, ProfileSettings>;
    const current = this.conf.get('currentProfile');
    return { ...(typeof current === 'string' ? { currentProfile: current } : {}), profiles: { ...profiles } };
  }

  /** Adds or replaces one profile's settings. */
  setProfile(name: string, profile: ProfileSettings): void {
    const profiles = this.read().profiles;
    profiles[checkProfileName(name)] = profile;
    this.write(() => this.conf.set('profiles', profiles));
  }

  /** Removes one profile's settings (and the current marker when it pointed there); false when absent. */
  removeProfile(name: string): boolean {
    const s = this.read();
    if (!s.profiles[name]) return false;
    delete s.profiles[name];
    this.write(() => {
      this.conf.set('profiles', s.profiles);
      if (s.currentProfile === name) this.conf.delete('currentProfile');
    });
    return true;
  }

  setCurrent(name: string | undefined): void {
    this.write(() => (name === undefined ? this.conf.delete('currentProfile') : this.conf.set('currentProfile', name)));
  }

  private write(change: () => void): void {
    ensurePrivateDir(this.dir);
    try {
      change();
    } catch (err) {
      throw configError(`cannot write ${this.path}: ${(err as Error).message}`);
    }
    // conf writes atomically through a temporary file: enforce the mode on what ends up there.
    chmodSync(this.path, FILE_MODE);
  }
}
