// The floor of a live view (perf.md): the least a process can do to show a stream. Connects to the venue
// stand-in, subscribes to the same topics, inflates and parses every frame, and writes a pre-formatted
// full screen FPS times a second. Usage: live-floor.mjs <ws url> <ticker N | trade HZ[+W]> [fps]
import { inflateRawSync } from 'node:zlib';
import WebSocket from 'ws';
import { frames } from './push-frames.mjs';

const [url, mode, arg, fps = '10'] = process.argv.slice(2);
const { topics } = frames(mode, arg);
const cols = process.stdout.columns || 160;
const rows = process.stdout.rows || 50;
const line = (r) => `${`row ${r} `.padEnd(cols, '.').slice(0, cols)}`;
const screen = `\x1b[H${Array.from({ length: rows }, (_, r) => line(r)).join('\r\n')}`;
let last;
const ws = new WebSocket(url, { perMessageDeflate: false });
ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', args: topics })));
ws.on('message', (data, binary) => {
  last = binary ? JSON.parse(inflateRawSync(data).toString('utf8')) : String(data);
});
process.stdout.write('\x1b[?1049h');
setInterval(() => last && process.stdout.write(screen), 1000 / Number(fps));
