/**
 * `bm profile test [NAME]`: the signed proof again. With NAME, that profile's credentials against its
 * venue (flags and environment still pick the address); without, whatever is in effect (env, profile, paper).
 */
import { refuseExposedConfig } from '../../config/permissions.js';
import { resolveVenue } from '../../config/venue.js';
import type { Context } from '../../context.js';
import { config as configError } from '../../errors.js';
import { show } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { profileNamed, storeOf } from './common.js';
import { clientFor, prove } from '../verify-key.js';

function sourceOf(ctx: Context): string {
  if (ctx.env.BM_API_KEY !== undefined) return 'environment';
  const name = ctx.profileName;
  const p = name ? ctx.settings.profiles[name] : undefined;
  if (p?.hasCredentials && (!ctx.globals.sandbox || p.venue === 'sandbox')) return p.insecureStorage ? 'file (insecure)' : 'keychain';
  return ctx.venue.preset === 'sandbox' ? 'sandbox paper account' : 'none';
}

export async function test(ctx: Context, name: string | undefined): Promise<void> {
  let result: { profile: string; venue: string; base_url: string; credentials: string; result: string; ms: number };
  if (name !== undefined) {
    // Signed with the profile's own credentials, not through ctx.credentials(): the same refusal first.
    refuseExposedConfig(ctx.env);
    const p = profileNamed(ctx, name);
    if (!p.hasCredentials) throw configError(`profile '${name}' has no credentials`, `add them with: bm profile add ${name}`);
    const store = await storeOf(ctx, p);
    const creds = await store.get(name);
    if (!creds) throw configError(`profile '${name}' has no credentials in ${store.where}`, `enter them again with: bm profile add ${name}`);
    const venue = resolveVenue(ctx.globals, ctx.env, p);
    const { calls, baseUrl } = await clientFor(ctx, venue, creds);
    const ms = await prove(calls, baseUrl, name);
    result = { profile: name, venue: venue.preset, base_url: await baseUrl(), credentials: store.kind === 'file' ? 'file (insecure)' : 'keychain', result: 'ok', ms };
  } else {
    const ms = await prove(await ctx.calls(), () => ctx.baseUrl(), ctx.profileName);
    result = { profile: ctx.profileName ?? '', venue: ctx.venue.preset, base_url: await ctx.baseUrl(), credentials: sourceOf(ctx), result: 'ok', ms };
  }
  show(ctx, { columns: LOCAL_COLUMNS['profile test'] }, result, { rows: [result] });
  ctx.note(`bm: ok: ${result.base_url} accepted a signed request`);
}
