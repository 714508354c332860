import { frames } from '../bench/push-frames.mjs';
import { fixtureState } from '../test/unit/trade/fixture.js';
import { candlePane } from '../src/commands/trade/candles.js';
import { applyKline } from '../src/commands/trade/apply.js';
const s = fixtureState();
const { pushes } = frames('trade', 10);
const kl = pushes.map((p) => JSON.parse(p)).filter((m) => m.table.startsWith('spot/kline'));
const t0 = performance.now();
for (let k = 0; k < 20000; k++) { applyKline(s, kl[k % kl.length].data[0]); candlePane(s, 105, 18, true); }
console.log(((performance.now() - t0) / 20000 * 1000).toFixed(1), 'us');
