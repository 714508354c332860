/** `bm legacy token [--fresh] [--show-token]`: the cached token's life, or a new one; the token itself only on request. */
import type { LegacyEndpoint } from '../../legacy/catalogue.js';
import { printDryRun } from '../dryrun.js';
import { show, type Invocation } from '../engine.js';

export async function run(inv: Invocation<LegacyEndpoint>): Promise<void> {
  const { ctx, ep, opts } = inv;
  const calls = await ctx.legacyCalls();
  const api = calls.api;
  if (ctx.globals.dryRun) {
    printDryRun(ctx, { ...(await calls.dryRun(ep, [])), method: 'POST' });
    return;
  }
  const t = await api.token(Boolean(opts.fresh));
  const now = Date.now();
  const data = {
    access_token: opts.showToken ? t.token : '[redacted]',
    expires_in: Math.max(0, Math.floor((t.expiresAt - now) / 1000)),
    expires_at: t.expiresAt,
    cached: t.cached,
  };
  const columns = opts.showToken ? ['access_token', 'expires_in', 'expires_at', 'cached'] : ['expires_in', 'expires_at', 'cached'];
  show(ctx, { columns }, data, { rows: [{ ...data, expires_at: new Date(t.expiresAt).toISOString() }] });
}
