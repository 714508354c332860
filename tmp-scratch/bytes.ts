import { frames } from '../bench/push-frames.mjs';
import { fixtureState, NOW } from '../test/unit/trade/fixture.js';
import { frame } from '../src/commands/trade/screen.js';
import { FrameDiff } from '../src/render/diff.js';
import { applyDepth, applyKline, applyTicker, applyTrade } from '../src/commands/trade/apply.js';
const s = fixtureState();
const { pushes } = frames('trade', 10);
const d = new FrameDiff();
let bytes = 0, n = 0;
const size = { columns: 160, rows: 50 };
d.update(frame(s, size, NOW, true), 160);
const t0 = performance.now();
for (let k = 0; k < 4000; k++) {
  const m = JSON.parse(pushes[k % pushes.length]);
  const e = m.data[0];
  if (m.table.startsWith('spot/depth')) applyDepth(s, e); else if (m.table === 'spot/trade') applyTrade(s, e); else if (m.table.startsWith('spot/kline')) applyKline(s, e); else applyTicker(s, e);
  if (k % 4 === 3) { const out = d.update(frame(s, size, NOW, true), 160); bytes += Buffer.byteLength(out); n++; }
}
const ms = performance.now() - t0;
console.log('frames', n, 'bytes/frame', Math.round(bytes / n), 'ms/frame', (ms / n).toFixed(2));
