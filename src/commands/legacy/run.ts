/**
 * The legacy generation's side of the engine: its values checked, its client and body (no envelope)
 * as a write channel, and the run of a command with nothing hand-written. Writes are the legacy write
 * use case's (src/core/usecases/legacy.ts: sent once, proven) like the current generation's.
 */
import type { Params } from '../../api/client.js';
import type { Context } from '../../context.js';
import type { LegacyEndpoint } from '../../legacy/catalogue.js';
import type { LegacyValues } from '../../legacy/request.js';
import { printDryRun } from '../dryrun.js';
import { show, type Invocation } from '../engine.js';
import { tickerRows } from '../ticker-rows.js';
import type { WriteChannel } from '../../core/usecases/order-outcome.js';
import { checkRead, placedOrderId, traitsOf } from '../../core/usecases/endpoint.js';
import { legacyValues, rowsOfLegacy, writeLegacy } from '../../core/usecases/legacy.js';
import { provenOrThrow } from '../../core/usecases/order-outcome.js';

/** The pipeline's view of the legacy generation for one invocation: its client's calls; a dry run printed. */
export async function legacyChannel(ctx: Context): Promise<WriteChannel<LegacyEndpoint>> {
  const calls = await ctx.legacyCalls();
  return calls.channel(async (ep, params) => printDryRun(ctx, await calls.dryRun(ep, params)));
}

/** `also`: the columns of the write whose lookup is printed, as `--fields` was checked against them. */
function print(ctx: Context, ep: LegacyEndpoint, data: unknown, values: LegacyValues, also: readonly string[] = []): void {
  const rows = rowsOfLegacy(ep, data, values, ctx.format);
  // The 24h change as the current generation's ticker prints it: signed, a percentage outside json and ndjson.
  const shown = traitsOf(ep).ticker ? { signed: ['fluctuation'], rows: tickerRows(ctx, rows) } : { rows };
  show(ctx, { columns: [...new Set([...(ep.columns ?? []), ...also])] }, data, shown);
}

/** Runs a legacy command with nothing hand-written: check, send (writes through the pipeline), print. */
export async function runLegacy(inv: Invocation<LegacyEndpoint>): Promise<void> {
  const { ctx, ep } = inv;
  const values = legacyValues(ep, inv.values);
  const ch = await legacyChannel(ctx);
  const params: Params = Object.entries(values).filter(([, v]) => v !== undefined);
  if (!ep.write) {
    if (ctx.globals.dryRun) return ch.dryRun(ep, params);
    const data = await ch.send(ep, params);
    // One order by its id: an answer that is another order is no such order, as for `order get`.
    checkRead(ep, params, data, 'legacy order get');
    return print(ctx, ep, data, values);
  }
  const command = `legacy ${ep.command.join(' ')}`;
  const o = provenOrThrow(await writeLegacy({ host: ctx, channel: ch }, ep, params, command));
  if (!o) return;
  const r = o.result;
  const proof = r.via === 'lookup' ? ' (proven by looking it up)' : '';
  const row = r.data as Record<string, unknown>;
  const placed = placedOrderId(ep, row);
  if (placed !== undefined) ctx.note(`bm: order ${placed} placed${proof}; follow it with: bm legacy order get ${placed}`);
  else ctx.note(`bm: ${command}: ${r.verdict.say}${proof}`);
  // A row found by the lookup carries what the answer would have said, so the write's columns print either way.
  const said = ep.columns?.includes('result') ? { result: r.verdict.say } : {};
  if (r.via === 'lookup' && Object.keys(row).length) return print(ctx, r.ep, { ...row, ...said }, values, ep.columns);
  const rows = rowsOfLegacy(ep, r.via === 'answer' ? r.data : {}, values, ctx.format).map((x) => ('result' in x ? { ...x, result: r.verdict.say } : x));
  show(ctx, { columns: ep.columns ?? [] }, r.via === 'answer' ? r.data : rows, { rows });
}
