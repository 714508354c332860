/** `bm profile use NAME`: the profile commands use when no --profile or BM_PROFILE says otherwise. */
import type { Context } from '../../context.js';
import { profileNamed } from './common.js';

export async function use(ctx: Context, name: string): Promise<void> {
  // `sandbox` always exists: the built-in venue with its paper account.
  if (name !== 'sandbox') profileNamed(ctx, name);
  const { SettingsStore } = await import('../../profiles/store.js');
  (await SettingsStore.open(ctx.env)).setCurrent(name);
  ctx.note(`bm: now using profile '${name}'`);
  if (ctx.env.BM_PROFILE && ctx.env.BM_PROFILE !== name) ctx.note(`bm: BM_PROFILE=${ctx.env.BM_PROFILE} is set and still wins in this shell`);
}
