// A venue stand-in for the live-view benches, run as its own process so its work is not counted. Pushes
// raw-deflate binary frames as fast as asked, answers subscriptions and logins, and (as a venue does)
// sends a connection only the pushes of topics it subscribed to. Prints `listening <port>`.
//   ws-push-server.mjs ticker N     tickers of N pairs S0_USDT.., each every 0.5 s (the fastest the spec allows)
//   ws-push-server.mjs trade HZ     one pair (BTC_USDT): depth20, trade, kline1m and ticker, each HZ times a second
//   ws-push-server.mjs trade HZ+W   the same, and the tickers of W watched pairs, each HZ times a second
import { deflateRawSync } from 'node:zlib';
import { WebSocketServer } from 'ws';
import { frames } from './push-frames.mjs';

const [mode, arg] = process.argv[2] === 'trade' ? ['trade', process.argv[3] ?? '10'] : ['ticker', Number(process.argv[3] ?? process.argv[2] ?? 100)];
const { pushes, perSecond } = frames(mode, arg);
const packed = pushes.map((p) => deflateRawSync(Buffer.from(p)));
/** Each push's topic (`table:symbol`), to send it only where it was subscribed. */
const topicOf = pushes.map((p) => { const m = JSON.parse(p); return `${m.table}:${m.data[0].symbol}`; });
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
wss.on('connection', (ws) => {
  const subscribed = new Set();
  ws.on('message', (m) => {
    const text = m.toString();
    if (text === 'ping') return ws.send('pong');
    const msg = JSON.parse(text);
    if (msg.op === 'login') return ws.send(JSON.stringify({ event: 'login' }));
    for (const topic of msg.args ?? []) {
      if (msg.op === 'subscribe') subscribed.add(topic);
      ws.send(JSON.stringify({ event: 'subscribe', topic }));
    }
  });
  let k = 0;
  // Timers fire at 1 ms resolution at best: send what is due.
  const t0 = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - t0) / 1000) * perSecond);
    for (; k < due; k++) if (subscribed.has(topicOf[k % packed.length])) ws.send(packed[k % packed.length]);
  }, 2);
  ws.on('close', () => clearInterval(timer));
});
wss.on('listening', () => process.stdout.write(`listening ${wss.address().port}\n`));
