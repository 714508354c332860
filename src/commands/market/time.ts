/** `bm time`: the venue's clock, and how far the local clock is from it. */
import { send, show, type Invocation } from '../engine.js';

export async function run(inv: Invocation): Promise<void> {
  const before = Date.now();
  const data = (await send(inv.ctx, inv.ep, [])) as { server_time?: unknown } | undefined;
  if (data === undefined) return;
  const local = Math.round((before + Date.now()) / 2);
  const server = Number(data.server_time);
  const offset = Number.isFinite(server) ? String(server - local) : '';
  show(inv.ctx, inv.ep, data, {
    rows: [{ server_time: data.server_time, local_time: local, offset_ms: offset }],
    columns: ['server_time', 'local_time', 'offset_ms'],
  });
}
