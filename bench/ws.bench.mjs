// WebSocket client budget (perf.md): frames decoded and applied per second against the floor of bare
// inflate + JSON.parse of the same frames, with node zlib and with pako; and the CPU a terminal view
// uses at the fastest push rate the spec allows (one push per topic per 0.5 s) on 100 topics.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { inflateRawSync, deflateRawSync } from 'node:zlib';
import { register } from 'tsx/esm/api';
import { table } from './lib.mjs';

register();
const src = (p) => import(new URL(`../src/${p}`, import.meta.url).href);
const { zlibInflate, pakoInflater } = await src('ws/codec.ts');
const { WsConnection } = await src('ws/connection.ts');
const { DepthView } = await src('commands/watch/depth.ts');
const { tickerView } = await src('commands/watch/views.ts');
const { showLive } = await src('commands/watch/screen.ts');
const { IO } = await src('render/io.ts');
const pako = await import('pako');

function depthFrame(levels, seed) {
  const side = (base, dir) => Array.from({ length: levels }, (_, i) => [(base + dir * i * 0.01 + seed * 0.01).toFixed(2), (1 + ((i * 7 + seed) % 13) / 10).toFixed(4)]);
  const data = [{ symbol: 'BTC_USDT', asks: side(30000.5, 1), bids: side(30000.0, -1), ms_t: 1700000000000 + seed }];
  return deflateRawSync(Buffer.from(JSON.stringify({ table: `spot/depth${levels}`, data })));
}

/** Operations per second of each function over `frames`: runs of ~200 ms taken in turn (so both see the same machine), best of 7. */
function rates(frames, ...fns) {
  const best = fns.map(() => 0);
  for (let run = 0; run < 7; run++) {
    fns.forEach((fn, i) => {
      let n = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < 200) for (const f of frames) (fn(f), n++);
      best[i] = Math.max(best[i], n / ((performance.now() - t0) / 1000));
    });
  }
  return best;
}

const inflaters = { 'node zlib': zlibInflate, pako: await pakoInflater() };
const bare = { 'node zlib': (b) => JSON.parse(inflateRawSync(b).toString('utf8')), pako: (b) => JSON.parse(pako.inflateRaw(b, { toText: true })) };
const rows = [];
for (const levels of [5, 50]) {
  const frames = Array.from({ length: 64 }, (_, i) => depthFrame(levels, i));
  for (const name of Object.keys(inflaters)) {
    const view = new DepthView(levels);
    const conn = new WsConnection({ url: 'ws://bench.invalid/api', inflate: inflaters[name], onPush: (topic, _t, e) => view.apply(topic, e) });
    const [floor, client] = rates(frames, bare[name], (f) => conn.onMessage(f, true));
    rows.push({
      frame: `depth${levels} (${frames[0].length} B)`, inflater: name, 'floor msg/s': Math.round(floor), 'client msg/s': Math.round(client),
      'client/floor': (client / floor).toFixed(2), goal: '>= 0.80',
    });
  }
}
process.stdout.write(`${table(rows)}\n\n`);
process.stdout.write(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${cpus().length} cores (numbers are per process, but a busy machine slows every one of them)\n\n`);

// A terminal view of 100 tickers, each pushed every 0.5 s (200 frames/s) by a venue stand-in in another
// process over a real loopback socket, drawn to a null terminal. The CPU is this process's own: socket
// reads, inflate, parse, state and frames; nothing to subtract.
const TOPICS = 100;
const SECONDS = 5;
const server = spawn(process.execPath, [new URL('./ws-push-server.mjs', import.meta.url).pathname, String(TOPICS)], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise((ok) => server.stdout.on('data', (d) => { const m = /listening (\d+)/.exec(String(d)); if (m) ok(m[1]); }));
let writes = 0;
const nullTty = { isTTY: true, columns: 160, rows: 110, write: () => (writes++, true), on() {}, off() {} };
const stdin = Object.assign(new EventEmitter(), { isTTY: false, resume() {}, pause() {}, setEncoding() {} });
const io = new IO(nullTty, nullTty, stdin, { FORCE_COLOR: '1' }, 'always');
const view = tickerView();
let screen;
const url = `ws://127.0.0.1:${port}/api`;
const conn = new WsConnection({ url, onPush: (topic, _t, e) => (view.apply(topic, e), screen?.invalidate()) });
conn.subscribe(Array.from({ length: TOPICS }, (_, i) => `spot/ticker:S${i}_USDT`));
conn.start();
screen = showLive(io, view, conn, url, () => {});
await new Promise((r) => setTimeout(r, 1000)); // connected and warm
const m0 = conn.messages;
const w0 = writes;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const used = process.cpuUsage(cpu0);
const wall = performance.now() - t0;
const frames = conn.messages - m0;
screen.stop();
conn.close();
server.kill();
const pct = ((used.user + used.system) / 1000 / wall) * 100;
process.stdout.write(`${table([{
  view: `ticker x ${TOPICS} topics`, 'frames/s': Math.round(frames / (wall / 1000)), 'screen writes/s': ((writes - w0) / (wall / 1000)).toFixed(1),
  'CPU % of a core': pct.toFixed(1), goal: '< 5', 'RSS MiB': (process.memoryUsage().rss / 1048576).toFixed(1),
}])}\n`);
process.stdout.write(`\nview CPU at the fastest push rate: ${pct.toFixed(1)}% of a core (goal: under 5%): ${pct < 5 ? 'met' : 'NOT met'}\n`);
