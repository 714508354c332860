// WebSocket client budget (perf.md): frames decoded and applied per second against the floor of bare
// inflate + JSON.parse of the same frames, with node zlib and with pako; and the CPU a terminal view
// uses at the fastest push rate the spec allows (one push per topic per 0.5 s) on 100 topics.
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

// A terminal view of 100 tickers, each pushed every 0.5 s (200 frames/s), drawn to a null TTY.
const TOPICS = 100;
const symbols = Array.from({ length: TOPICS }, (_, i) => `S${i}_USDT`);
const tickerFrame = (sym, k) => deflateRawSync(Buffer.from(JSON.stringify({
  table: 'spot/ticker',
  data: [{ symbol: sym, last_price: `${100 + (k % 50)}.25`, open_24h: '99.50', high_24h: '151.00', low_24h: '98.00', base_volume_24h: `${1000 + k}.5`, bid_px: `${100 + (k % 50)}.20`, ask_px: `${100 + (k % 50)}.30`, s_t: 1700000000 + k, ms_t: 1700000000000 + k }],
})));
// Frames made before the clock starts: the venue's work is not the client's.
const SECONDS = 5;
const pushes = Array.from({ length: TOPICS * 2 * SECONDS + 50 }, (_, k) => tickerFrame(symbols[k % TOPICS], k));
let writes = 0;
const nullTty = { isTTY: true, columns: 160, rows: 110, write: () => (writes++, true), on() {}, off() {} };
const stdin = Object.assign(new EventEmitter(), { isTTY: false, resume() {}, pause() {}, setEncoding() {} });
const io = new IO(nullTty, nullTty, stdin, { FORCE_COLOR: '1' }, 'always');
const view = tickerView();
let screen;
const conn = new WsConnection({ url: 'ws://bench.invalid/api', onPush: (topic, _t, e) => (view.apply(topic, e), screen.invalidate()) });
conn.state = 'ready';
/** CPU % of one core over `SECONDS` while a timer delivers 200 frames per second (or, with `work` false, does nothing). */
async function cpuWhile(work) {
  let k = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((done) => {
    // One frame every 5 ms, topics in turn: each topic every 0.5 s.
    const timer = setInterval(() => {
      if (work) conn.onMessage(pushes[k % pushes.length], true);
      k++;
      if (performance.now() - t0 >= SECONDS * 1000) (clearInterval(timer), done());
    }, 1000 / (TOPICS * 2));
  });
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  return { k, wall, pct: ((used.user + used.system) / 1000 / wall) * 100 };
}
// The harness alone (a 5 ms timer standing in for the socket) costs CPU too: measured, then subtracted.
const harness = await cpuWhile(false);
screen = showLive(io, view, conn, 'ws://bench.invalid/api', () => {});
const writes0 = writes;
const full = await cpuWhile(true);
const k = full.k;
const wall = full.wall;
screen.stop();
process.stdout.write(`${table([{
  view: `ticker x ${TOPICS} topics`, 'frames/s': Math.round(k / (wall / 1000)), 'screen writes/s': ((writes - writes0) / (wall / 1000)).toFixed(1),
  'CPU % (total)': full.pct.toFixed(1), 'CPU % (harness)': harness.pct.toFixed(1), 'CPU % of a core (view)': (full.pct - harness.pct).toFixed(1), goal: '< 5',
}])}\n`);
