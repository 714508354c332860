/** `bm profile remove NAME`: its secrets (keychain or file), then its settings. */
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { profileNamed, storeOf } from './common.js';

export async function remove(ctx: Context, name: string): Promise<void> {
  const p = profileNamed(ctx, name);
  const store = await storeOf(ctx, p);
  try {
    await store.delete(name);
  } catch (err) {
    // A keychain that is gone must not pin a profile forever: remove the settings and say what is left.
    if (!(err instanceof BmError)) throw err;
    ctx.io.err(`bm: warning: ${err.message}; the entry (service bm, account ${name}) may remain in the keychain\n`);
  }
  const { SettingsStore } = await import('../../profiles/store.js');
  const settings = await SettingsStore.open(ctx.env);
  const wasCurrent = settings.read().currentProfile === name;
  settings.removeProfile(name);
  ctx.note(`bm: profile '${name}' removed${wasCurrent ? '; no profile is current now (bm profile use NAME)' : ''}`);
}
