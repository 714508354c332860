/**
 * The run of every `bm legacy` command: check the input, confirm writes, print the request on
 * --dry-run, send it with the token handled, print the body in the chosen format.
 */
import type { Method } from '../../api/catalogue/types.js';
import type { Context } from '../../context.js';
import { legacyEndpoint, type LegacyEndpoint } from '../../legacy/catalogue.js';
import { redactLegacy, type LegacyValues } from '../../legacy/request.js';
import { BmError } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import { confirmWrite } from '../confirm.js';
import { printDryRun } from '../dryrun.js';
import { show } from '../engine.js';
import { legacyApi } from './api.js';
import { legacyValues } from './validate.js';
import { rowsOfLegacy } from './views.js';

/** The one line a confirmation shows. */
function question(ep: LegacyEndpoint, v: LegacyValues): string {
  switch (ep.id) {
    case 'legacy.order.place':
      return `Place a ${v.side} limit order for ${v.amount} ${v.symbol} at ${v.price} (legacy)?`;
    case 'legacy.order.cancel':
      return `Cancel order ${v.entrust_id} (legacy)?`;
    default:
      return `Cancel every open ${v.side} order on ${v.symbol} (legacy)?`;
  }
}

async function token(ctx: Context, opts: Record<string, unknown>): Promise<void> {
  const api = legacyApi(ctx);
  if (ctx.globals.dryRun) {
    printDryRun(ctx, { ...redactLegacy(await api.prepare(legacyEndpoint('legacy.token'), {})), method: 'POST' });
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

/** Runs `ep` with the values the user typed (keyed by wire name). */
export async function runLegacy(ctx: Context, ep: LegacyEndpoint, typed: Readonly<Record<string, string | undefined>>, opts: Record<string, unknown>): Promise<void> {
  const values = legacyValues(ep, typed);
  if (ep.id === 'legacy.token') return token(ctx, opts);
  const api = legacyApi(ctx);
  if (ep.write) await confirmWrite(ctx, question(ep, values), `legacy ${ep.command.join(' ')}`);
  if (ctx.globals.dryRun) {
    printDryRun(ctx, { ...redactLegacy(await api.prepare(ep, values)), method: ep.method as Method });
    return;
  }
  const before = Date.now();
  let data: unknown;
  try {
    data = await api.call(ep, values);
  } catch (err) {
    if (ep.id !== 'legacy.order.cancel' || !(err instanceof BmError) || err.category !== 'network') throw err;
    // A cancel is safe to verify: read the order's status rather than guess or send it again.
    ctx.note(`bm: ${err.message}; reading the order's status`);
    const get = legacyEndpoint('legacy.order.get');
    const order = await api.call(get, values);
    show(ctx, { columns: get.columns ?? [] }, order, { rows: rowsOfLegacy(get, order, values, ctx.format) });
    return;
  }
  const after = Date.now();
  if (ep.id === 'legacy.time') {
    const local = Math.round((before + after) / 2);
    const server = Number(scalarText((data as { server_time?: unknown }).server_time));
    const rows = [{ server_time: (data as { server_time?: unknown }).server_time, local_time: local, offset_ms: Number.isFinite(server) ? String(server - local) : '' }];
    show(ctx, { columns: ep.columns ?? [] }, data, { rows });
    return;
  }
  if (ep.id === 'legacy.ping') {
    show(ctx, { columns: ep.columns ?? [] }, data, { rows: [{ status: 'ok', latency_ms: after - before }] });
    return;
  }
  show(ctx, { columns: ep.columns ?? [] }, data, { rows: rowsOfLegacy(ep, data, values, ctx.format) });
  if (ep.id === 'legacy.order.place') {
    const id = scalarText((data as { entrust_id?: unknown }).entrust_id);
    ctx.note(`bm: order ${id} placed; follow it with: bm legacy order get ${id}`);
  }
}
