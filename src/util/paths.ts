/** Where `bm` keeps its files: config (settings, 0700/0600) and state (sandbox, caches, tokens). */
import { join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** `HOME`, else the system's idea of it (node:os is taken only then: a one-shot with HOME set need not load it). */
export function homeDir(env: Env): string {
  return env.HOME || process.getBuiltinModule('node:os').homedir();
}

/** The settings file in the config dir (0600). */
export const SETTINGS_FILE = 'config.json';
/** The credentials of profiles added with --insecure-storage, in the config dir (0600). */
export const CREDENTIALS_FILE = 'credentials.json';

/** `BM_CONFIG_DIR`, else `$XDG_CONFIG_HOME/bm`, else `~/.config/bm`. */
export function configDir(env: Env): string {
  if (env.BM_CONFIG_DIR) return env.BM_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(homeDir(env), '.config'), 'bm');
}

/** `BM_STATE_DIR`, else `$XDG_STATE_HOME/bm`, else `~/.local/state/bm`. */
export function stateDir(env: Env): string {
  if (env.BM_STATE_DIR) return env.BM_STATE_DIR;
  return join(env.XDG_STATE_HOME || join(homeDir(env), '.local', 'state'), 'bm');
}

/** Where the conditional orders this machine holds are kept (their journals, locks, marks and logs). */
export function algosDir(env: Env): string {
  return join(stateDir(env), 'algos');
}

/** `$XDG_CACHE_HOME/bm`, else `~/.cache/bm`: things that can be thrown away (symbol lists). */
export function cacheDir(env: Env): string {
  return join(env.XDG_CACHE_HOME || join(homeDir(env), '.cache'), 'bm');
}
