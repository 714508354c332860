/** `bm profile use NAME`: the profile commands use when no --profile or BM_PROFILE says otherwise. */
import type { Context } from '../../context.js';
import { noSuchProfile } from './common.js';

export async function use(ctx: Context, name: string): Promise<void> {
  const { changeSettings } = await import('../../profiles/change.js');
  await changeSettings(ctx.env, (s) => {
    // `sandbox` always exists: the built-in venue with its paper account.
    if (name !== 'sandbox' && !s.profiles[name]) throw noSuchProfile(name);
    s.currentProfile = name;
  });
  ctx.note(`bm: now using profile '${name}'`);
  if (ctx.env.BM_PROFILE && ctx.env.BM_PROFILE !== name) ctx.note(`bm: BM_PROFILE=${ctx.env.BM_PROFILE} is set and still wins in this shell`);
}
