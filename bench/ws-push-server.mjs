// A venue stand-in for bench/ws.bench.mjs, run as its own process so its work is not counted: on
// connection it pushes ticker frames for TOPICS pairs, each every 0.5 s (the fastest the spec allows),
// as raw-deflate binary frames, and answers subscriptions. Prints `listening <port>`.
import { deflateRawSync } from 'node:zlib';
import { WebSocketServer } from 'ws';

const TOPICS = Number(process.argv[2] ?? 100);
const symbols = Array.from({ length: TOPICS }, (_, i) => `S${i}_USDT`);
const frame = (sym, k) => deflateRawSync(Buffer.from(JSON.stringify({
  table: 'spot/ticker',
  data: [{ symbol: sym, last_price: `${100 + (k % 50)}.25`, open_24h: '99.50', high_24h: '151.00', low_24h: '98.00', base_volume_24h: `${1000 + k}.5`, bid_px: `${100 + (k % 50)}.20`, ask_px: `${100 + (k % 50)}.30`, s_t: 1700000000 + k, ms_t: 1700000000000 + k }],
})));
const pushes = Array.from({ length: TOPICS * 20 }, (_, k) => frame(symbols[k % TOPICS], k));
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('message', (m) => {
    const text = m.toString();
    if (text === 'ping') return ws.send('pong');
    for (const topic of JSON.parse(text).args ?? []) ws.send(JSON.stringify({ event: 'subscribe', topic }));
  });
  let k = 0;
  // One frame every 1000/(2*TOPICS) ms on average: timers fire at 1 ms resolution, so send what is due.
  const t0 = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - t0) / 1000) * TOPICS * 2);
    while (k < due) ws.send(pushes[k++ % pushes.length]);
  }, 2);
  ws.on('close', () => clearInterval(timer));
});
wss.on('listening', () => process.stdout.write(`listening ${wss.address().port}\n`));
