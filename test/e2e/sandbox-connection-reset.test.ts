// A read whose connection to the built-in sandbox is reset after it was made: the sandbox is started again
// only when its process is gone (killed as it accepted the connection), and the read sent there once; a
// sandbox that still runs is left alone, and the reset is a network error (exit 8).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { readServerInfo, serverInfoPath } from '../../src/config/sandbox-record.js';

/**
 * A process recorded as the background sandbox: it listens, and once a request has arrived on a connection
 * (so the connection was made and the request reached it) either exits (`exit`: the connection is closed with
 * the process) or resets the connection and runs on.
 */
async function recordedVenue(env: Record<string, string>, onConnection: 'exit' | 'reset'): Promise<{ child: ChildProcess; port: number }> {
  const act = onConnection === 'exit' ? 'process.exit(0)' : 's.resetAndDestroy()';
  const child = spawn(process.execPath, ['-e', `require('node:net').createServer((s) => s.once('data', () => ${act})).listen(0, '127.0.0.1', function () { console.log(this.address().port); })`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((ok, fail) => {
    child.stdout!.setEncoding('utf8').once('data', (c: string) => ok(Number(c.trim())));
    child.once('exit', () => fail(new Error('the recorded venue exited before listening')));
  });
  const file = serverInfoPath(env);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: child.pid, port, startedAt: new Date().toISOString() }));
  return { child, port };
}

const recordedPid = (env: Record<string, string>) => readServerInfo(env)?.pid;

test('the sandbox gone as a read reached it: started again, and the read answered by the new one', async () => {
  ensureBuilt();
  const env = isolatedEnv();
  const { child } = await recordedVenue(env, 'exit');
  try {
    const r = await runBm(['ticker', 'BTC_USDT', '-o', 'json'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(child.exitCode, 0, 'the recorded venue took the connection and exited');
    assert.match(r.stderr, /started the sandbox exchange at /);
    assert.equal((JSON.parse(r.stdout) as { tickers: { symbol: string }[] }).tickers[0]!.symbol, 'BTC_USDT');
    assert.notEqual(recordedPid(env), child.pid, 'a new sandbox is recorded');
  } finally {
    child.kill();
    await runBm(['sandbox', 'stop'], env);
  }
});

test('a reset from a sandbox that still runs: no restart, a network error (exit 8), the record untouched', async () => {
  ensureBuilt();
  const env = isolatedEnv();
  const { child } = await recordedVenue(env, 'reset');
  try {
    const r = await runBm(['ticker', 'BTC_USDT', '-o', 'json'], env);
    assert.equal(r.code, 8, r.stderr);
    assert.match(r.stderr, /ECONNRESET/);
    assert.doesNotMatch(r.stderr, /started the sandbox/);
    assert.equal(recordedPid(env), child.pid);
    assert.equal(child.exitCode, null, 'it runs on');
  } finally {
    child.kill();
    await runBm(['sandbox', 'stop'], env);
  }
});
