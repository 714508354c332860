/** `bm legacy time` and `bm legacy ping`: the answer timed locally (clock offset, latency). */
import type { LegacyEndpoint } from '../../legacy/catalogue.js';
import { scalarText } from '../../util/json.js';
import { traitsOf } from '../../core/usecases/endpoint.js';
import { show, type Invocation } from '../engine.js';
import { legacyChannel } from './run.js';

export async function run(inv: Invocation<LegacyEndpoint>): Promise<void> {
  const { ctx, ep } = inv;
  const ch = await legacyChannel(ctx);
  if (ctx.globals.dryRun) return ch.dryRun(ep, []);
  const before = Date.now();
  const data = await ch.send(ep, []);
  const after = Date.now();
  let rows;
  if (traitsOf(ep).serverTime) {
    const local = Math.round((before + after) / 2);
    const serverTime = (data as { server_time?: unknown }).server_time;
    const server = Number(scalarText(serverTime));
    rows = [{ server_time: serverTime, local_time: local, offset_ms: Number.isFinite(server) ? String(server - local) : '' }];
  } else rows = [{ status: 'ok', latency_ms: after - before }];
  show(ctx, { columns: ep.columns ?? [] }, data, { rows });
}
