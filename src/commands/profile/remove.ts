/**
 * `bm profile remove NAME`: its settings, then its secrets (keychain or file), under the config lock
 * (profiles/change.ts says why in that order).
 */
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { noSuchProfile, storeOf } from './common.js';

export async function remove(ctx: Context, name: string): Promise<void> {
  const { changeSettings } = await import('../../profiles/change.js');
  const wasCurrent = await changeSettings(ctx.env, (s, after) => {
    const p = s.profiles[name];
    if (!p) throw noSuchProfile(name);
    const current = s.currentProfile === name;
    delete s.profiles[name];
    if (current) delete s.currentProfile;
    after(async () => {
      try {
        await (await storeOf(ctx, p)).delete(name);
      } catch (err) {
        // A keychain that is gone must not pin a profile forever: the settings are removed; say what is left.
        if (!(err instanceof BmError)) throw err;
        ctx.io.err(`bm: warning: ${err.message}; the entry (service bm, account ${name}) may remain in the keychain\n`);
      }
    });
    return current;
  });
  ctx.note(`bm: profile '${name}' removed${wasCurrent ? '; no profile is current now (bm profile use NAME)' : ''}`);
}
