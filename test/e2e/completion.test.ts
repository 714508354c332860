import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN, has, isolatedEnv, ROOT, runAsync } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

const env = isolatedEnv();
// The scripts are generated in process; the shells run them for real, and a TAB that needs dynamic values
// runs `bm __complete` as installed: the built binary on PATH, with a cached symbol list (no network on TAB).
const shim = join(env.HOME!, 'bin');
mkdirSync(shim, { recursive: true });
writeFileSync(join(shim, 'bm'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
chmodSync(join(shim, 'bm'), 0o755);
mkdirSync(join(env.XDG_CACHE_HOME!, 'bm'), { recursive: true });
writeFileSync(join(env.XDG_CACHE_HOME!, 'bm', 'symbols.txt'), 'BTC_USDT\nETH_USDT\nSOL_USDT\n');
env.PATH = `${shim}:${env.PATH}`;

const FILES = { bash: 'completions/bm.bash', zsh: 'completions/bm.zsh', fish: 'completions/bm.fish' } as const;

function requireShell(t: { skip: (m: string) => void; diagnostic: (m: string) => void }, shell: string): boolean {
  if (has(shell)) return true;
  const msg = `${shell} is not installed: its completion is NOT tested here (CI installs it)`;
  t.diagnostic(msg);
  process.stderr.write(`WARNING: ${msg}\n`);
  if (process.env.CI) assert.fail(msg);
  t.skip(msg);
  return false;
}

for (const [shell, file] of Object.entries(FILES)) {
  test(`the checked-in ${file} is what \`bm completion ${shell}\` prints`, async () => {
    const r = await runBm(['completion', shell], env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, readFileSync(join(ROOT, file), 'utf8'), `${file} is stale: run bm completion ${shell} > ${file}`);
  });
}

async function bashComplete(words: string[]): Promise<string[]> {
  const script = `source ${JSON.stringify(join(ROOT, FILES.bash))}
COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')}); COMP_CWORD=${words.length - 1}
__bm_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = await runAsync('bash', ['-c', script], { env });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.split('\n').filter(Boolean);
}

test('bash: registered, and completes commands, subcommands, options, values and pairs', async () => {
  const reg = spawnSync('bash', ['-c', `source ${join(ROOT, FILES.bash)}; complete -p bm`], { encoding: 'utf8' });
  assert.equal(reg.stdout.trim(), 'complete -F __bm_complete bm');
  assert.deepEqual(await bashComplete(['bm', 'tic']), ['ticker']);
  assert.deepEqual(await bashComplete(['bm', 'order', 'ca']), ['cancel', 'cancel-all']);
  assert.ok((await bashComplete(['bm', 'order', 'place', 'BTC_USDT', '--'])).includes('--client-order-id'));
  assert.deepEqual(await bashComplete(['bm', 'order', 'place', 'BTC_USDT', '--type', '']), ['limit', 'market', 'limit_maker', 'ioc']);
  assert.deepEqual(await bashComplete(['bm', '-p', 'x', 'order', 'place', 'BTC_USDT', '--side', '']), ['buy', 'sell']);
  assert.deepEqual(await bashComplete(['bm', 'order', 'list', 'BTC_USDT', '--status', 'o']), ['open']);
  assert.deepEqual(await bashComplete(['bm', 'ticker', '--output', 'n']), ['ndjson']);
  assert.deepEqual(await bashComplete(['bm', 'kline', 'BTC_USDT', '--step', '1']), ['1m', '15m', '1h', '1d', '1w', '1M']);
  assert.deepEqual(await bashComplete(['bm', 'book', 'E']), ['ETH_USDT']);
  assert.deepEqual(await bashComplete(['bm', '--profile', '']), ['sandbox']);
  assert.deepEqual(await bashComplete(['bm', 'completion', '']), ['bash', 'zsh', 'fish']);
});

test('zsh: the script parses and completes through bashcompinit', (t) => {
  if (!requireShell(t, 'zsh')) return;
  const file = join(ROOT, FILES.zsh);
  assert.equal(spawnSync('zsh', ['-n', file]).status, 0);
  const r = spawnSync('zsh', ['-c', `source ${file}; COMP_WORDS=(bm order place X --type ""); COMP_CWORD=5; emulate ksh -c __bm_complete; print -l $COMPREPLY`], { env, encoding: 'utf8' });
  assert.deepEqual(r.stdout.split('\n').filter(Boolean), ['limit', 'market', 'limit_maker', 'ioc']);
});

test('fish: the script parses and `complete -C` offers what bash does', async (t) => {
  if (!requireShell(t, 'fish')) return;
  const file = join(ROOT, FILES.fish);
  assert.equal(spawnSync('fish', ['-n', file]).status, 0);
  const complete = async (line: string) => {
    const r = await runAsync('fish', ['-c', `source ${file}; complete -C ${JSON.stringify(line)}`], { env });
    return r.stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[0]);
  };
  assert.deepEqual(await complete('bm order pl'), ['place']);
  assert.deepEqual(await complete('bm order place BTC_USDT --side '), ['buy', 'sell']);
  assert.deepEqual(await complete('bm order place '), ['BTC_USDT', 'ETH_USDT', 'SOL_USDT']);
});
