// `bm record` ended by a real SIGTERM, end to end on the built binary: it ends like --duration, the
// file complete (the gzip trailer included), exit 0. Only a process can be sent a signal; the rest of
// record and replay runs in process (record-replay.test.ts).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { BIN, ensureBuilt, isolatedEnv, until } from '../helpers/bm.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { readRecording } from '../../src/sandbox/replay/recording.js';

const SYM = 'BTC_USDT';
const dir = mkdtempSync(join(tmpdir(), 'bm-record-signal-'));
let source: RunningSandbox;

before(async () => {
  ensureBuilt();
  source = await startServer({ port: 0, seed: 5, log: () => {} });
});
after(async () => {
  await source.close();
});

test('SIGTERM ends a recording like --duration: the file is complete (gzip trailer included), exit 0', async () => {
  const ws = source.url.replace('http', 'ws');
  const env = isolatedEnv();
  const start = (out: string) => {
    const child = spawn(process.execPath, [BIN, '--ws-url', ws, 'record', SYM, '--out', out], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    // 'close', not 'exit': the child's stderr may still be read after it exited (what it said last is asserted).
    const exit = new Promise<number | null>((ok) => child.on('close', (code) => ok(code)));
    return { child, exit, stderr: () => stderr };
  };
  const out = join(dir, 'term.ndjson');
  const gz = join(dir, 'term.ndjson.gz');
  const [a, b] = [start(out), start(gz)];
  // Both files exist (each recording takes its signals from then on) and the first holds pushes.
  await until(() => existsSync(gz) && existsSync(out) && readFileSync(out, 'utf8').split('\n').length > 4, 'pushes recorded');
  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  assert.deepEqual([await a.exit, await b.exit], [0, 0], a.stderr() + b.stderr());
  assert.match(a.stderr(), /^recorded [1-9][0-9]* events, /m);
  assert.ok(readFileSync(out, 'utf8').endsWith('\n'));
  assert.ok((await readRecording(out)).events.length >= 3);
  // A strict gunzip: the stream was ended, not cut.
  assert.match(gunzipSync(readFileSync(gz)).toString('utf8'), /^\{"format":"bm-recording"/);
});
