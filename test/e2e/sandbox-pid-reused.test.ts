// The built-in sandbox's record names its process by pid, and the system gives a pid to another process once
// its own is gone. A record whose process is gone is never taken for a running sandbox, and that pid is never
// signalled, however long another process lives under it: status says not running, stop signals nothing, and a
// one-shot starts a fresh sandbox.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { readServerInfo, serverInfoPath } from '../../src/config/sandbox-record.js';
import { processStart } from '../../src/util/alive.js';

test('a record whose pid another process holds since: not running, never signalled, a fresh sandbox started in its place', async () => {
  ensureBuilt();
  const env = isolatedEnv();
  // The process the system gave the dead sandbox's pid to.
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const record = () => {
    const file = serverInfoPath(env);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ url: 'http://127.0.0.1:1', pid: other.pid, port: 1, startedAt: new Date().toISOString(), procStart: 'the dead sandbox\'s start' }));
  };
  try {
    assert.ok(processStart(other.pid!), 'this system tells when a process started');
    record();
    const status = await runBm(['sandbox', 'status', '-o', 'json'], env);
    assert.equal(status.code, 0, status.stderr);
    assert.equal((JSON.parse(status.stdout) as { running: boolean }).running, false);
    const stop = await runBm(['sandbox', 'stop'], env);
    assert.equal(stop.code, 0, stop.stderr);
    assert.match(stop.stderr, /no sandbox was running/);

    record();
    const r = await runBm(['ticker', 'BTC_USDT', '-o', 'json'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /started the sandbox exchange at /);
    assert.equal((JSON.parse(r.stdout) as { tickers: { symbol: string }[] }).tickers[0]!.symbol, 'BTC_USDT');
    const fresh = readServerInfo(env)!;
    assert.notEqual(fresh.pid, other.pid);
    assert.equal(fresh.procStart, processStart(fresh.pid), 'the fresh record names its process\'s start');
    assert.equal(other.exitCode ?? other.signalCode, null, 'the other process was never signalled');
  } finally {
    other.kill();
    await runBm(['sandbox', 'stop'], env);
  }
});
