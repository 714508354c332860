import { frames } from '../bench/push-frames.mjs';
import { fixtureState, NOW } from '../test/unit/trade/fixture.js';
import { frame } from '../src/commands/trade/screen.js';
import { FrameDiff } from '../src/render/diff.js';
import { bookPane } from '../src/commands/trade/book.js';
import { candlePane } from '../src/commands/trade/candles.js';
import { tradesPane, ordersPane, balancesPane } from '../src/commands/trade/panes.js';
import { banner, footer, statusLine } from '../src/commands/trade/screen.js';
import { applyDepth, applyKline, applyTicker, applyTrade } from '../src/commands/trade/apply.js';
const s = fixtureState();
const { pushes } = frames('trade', 10);
const d = new FrameDiff();
const size = { columns: 160, rows: 50 };
const t: Record<string, number> = {};
const time = <T>(k: string, f: () => T): T => { const a = performance.now(); const r = f(); t[k] = (t[k] ?? 0) + performance.now() - a; return r; };
for (let k = 0; k < 8000; k++) {
  const m = time('parse', () => JSON.parse(pushes[k % pushes.length]));
  const e = m.data[0];
  time('apply', () => { if (m.table.startsWith('spot/depth')) applyDepth(s, e); else if (m.table === 'spot/trade') applyTrade(s, e); else if (m.table.startsWith('spot/kline')) applyKline(s, e); else applyTicker(s, e); });
  if (k % 4 === 3) {
    time('book', () => bookPane(s, 54, 46, true));
    time('candles', () => candlePane(s, 105, 18, true));
    time('trades', () => tradesPane(s, 40, 28, true));
    time('orders', () => ordersPane(s, 64, 25, true));
    time('bal', () => balancesPane(s, 64, 3, true));
    time('banner+footer+status', () => { banner(s, 160, true); footer(s, 160, true); statusLine(s, NOW, 160, true); });
    const lines = time('frame', () => frame(s, size, NOW, true));
    time('diff', () => d.update(lines, 160));
  }
}
for (const [k, v] of Object.entries(t)) console.log(k.padEnd(22), (v / 2000 * 1000).toFixed(1), 'us/frame');
