// The full suite, back to back, on a machine kept busy: `node test/under-load.mjs [--runs 5] [--burners N]`.
// N processes (default: one per core) spin the CPU for the whole time, and `npm test` runs `--runs` times
// in a row; each run's exit code and wall time are printed, and the script fails if any run failed. It is
// how "never red by chance" is shown: no test may depend on how fast the machine is.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

function flag(name, fallback) {
  const i = process.argv.indexOf(name);
  const v = i < 0 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 0) {
    console.error(`${name}: a whole number, got ${process.argv[i + 1]}`);
    process.exit(2);
  }
  return v;
}

const runs = flag('--runs', 5);
const burners = Array.from({ length: flag('--burners', availableParallelism()) }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBurners = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stopBurners);

const logs = mkdtempSync(join(tmpdir(), 'bm-under-load-'));
const results = [];
for (let i = 1; i <= runs; i++) {
  const log = join(logs, `run-${i}.log`);
  const out = openSync(log, 'w');
  const started = Date.now();
  const code = await new Promise((done) => {
    spawn('npm', ['test'], { stdio: ['ignore', out, out], env: { ...process.env, BM_REQUIRE_KEYCHAIN: process.env.BM_REQUIRE_KEYCHAIN ?? '1' } })
      .on('close', (c) => done(c ?? 1));
  });
  const s = ((Date.now() - started) / 1000).toFixed(1);
  results.push(code);
  const text = readFileSync(log, 'utf8');
  const tests = /^# tests (\d+)/m.exec(text)?.[1] ?? '?';
  console.log(`run ${i} of ${runs}: exit ${code}, ${tests} tests in ${s} s, with ${burners.length} CPU burners (${log})`);
  for (const line of text.split('\n').filter((l) => /^not ok |^# time .*\(failed\)/.test(l))) console.log(`  ${line}`);
}
stopBurners();
process.exit(results.every((c) => c === 0) ? 0 : 1);
