// A restarted background sandbox keeps its port when it is free, so a running `bm watch` reconnects
// to it without being told anything.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { BIN, ensureBuilt, isolatedEnv, until } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { alive } from '../../src/util/alive.js';

test('the background sandbox comes back on its port after a crash; a live watch reconnects', async () => {
  ensureBuilt();
  const env = isolatedEnv();
  const first = await runBm(['sandbox', 'start', '-o', 'json'], env);
  assert.equal(first.code, 0, first.stderr);
  const before = JSON.parse(first.stdout) as { port: number; pid: number };
  const watch = spawn(process.execPath, [BIN, 'watch', 'ticker', 'BTC_USDT', '-o', 'ndjson'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let lines = 0;
  watch.stdout.setEncoding('utf8').on('data', (c: string) => (lines += c.split('\n').length - 1));
  try {
    await until(() => lines > 0, 'a first ticker line');
    process.kill(before.pid, 'SIGKILL');
    // The crash is over once the process is gone (a signal is delivered when the kernel gets to it).
    await until(() => !alive(before.pid), 'the killed sandbox to be gone');
    const again = await runBm(['sandbox', 'start', '-o', 'json'], env);
    assert.equal(again.code, 0, again.stderr);
    const after = JSON.parse(again.stdout) as { port: number; pid: number };
    assert.notEqual(after.pid, before.pid);
    assert.equal(after.port, before.port, 'the same port');
    const seen = lines;
    await until(() => lines > seen, 'ticker lines from the restarted sandbox', 30_000);
    assert.equal(watch.exitCode, null, 'the watch kept running');
  } finally {
    watch.kill();
    await runBm(['sandbox', 'stop'], env);
  }
});
