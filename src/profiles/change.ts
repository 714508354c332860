/**
 * Every change of the settings and of the secrets they point at, as one step under the config lock
 * (profiles/lock.ts): the settings are read again under the lock (what another bm wrote a moment ago
 * counts), changed, and written back atomically. Secrets are written in an order that keeps one rule
 * true at every instant, crash or not: a profile marked as having credentials has them.
 * - New secrets are stored before the settings that mark them (`profile add`): a crash in between
 *   leaves a secret no profile points at, never a profile pointing at nothing.
 * - Old secrets are deleted after the settings stop marking them (`profile remove`, a move between
 *   keychain and file): the `after` steps, still under the lock.
 * A secret left in the credentials file by a write cut short is dropped by the next change (the
 * keychain cannot be listed, so a keychain entry left that way stays until `bm profile add` or
 * `remove` of that name).
 */
import { configDir, type Env } from '../util/paths.js';
import { refuseExposedConfig } from '../config/permissions.js';
import { readSettings, type Settings } from '../config/settings.js';
import { withConfigLock, type LockOptions } from './lock.js';
import { SettingsStore } from './store.js';

/** Registers a step to run once the new settings are on disk, still under the lock. */
export type After = (step: () => Promise<void> | void) => void;

/**
 * Runs `change` under the config lock on the settings as they are on disk now (changed in place),
 * writes them when they changed, then runs the `after` steps; returns what `change` returned.
 * Refused (exit 5) while the config is writable by others: nothing is written or deleted then.
 */
export async function changeSettings<T>(env: Env, change: (s: Settings, after: After) => Promise<T> | T, lock?: LockOptions): Promise<T> {
  refuseExposedConfig(env);
  // conf loads before the lock is taken: the lock is held for file work only.
  const store = await SettingsStore.open(env);
  return withConfigLock(configDir(env), async () => {
    const s = readSettings(env);
    const before = JSON.stringify(s);
    const steps: Array<() => Promise<void> | void> = [];
    const result = await change(s, (step) => steps.push(step));
    if (JSON.stringify(s) !== before) store.write(s);
    for (const step of steps) await step();
    await dropStrayFileSecrets(env, s);
    return result;
  }, lock);
}

/** Drops credentials-file entries of profiles the settings do not mark as kept there. */
async function dropStrayFileSecrets(env: Env, s: Settings): Promise<void> {
  const { FileSecretStore } = await import('./secretfile.js');
  const file = new FileSecretStore(env, () => {});
  file.retain((name) => Boolean(Object.hasOwn(s.profiles, name) && s.profiles[name]!.insecureStorage && s.profiles[name]!.hasCredentials));
}
