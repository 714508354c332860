/**
 * Every example in the help runs. Each `  $ ...` line of a leaf command's --help Examples block (the tree
 * walked in this process, test/helpers/help-tree.ts) runs in help order, `bm` in this process
 * (test/helpers/example-shell.ts is their shell), against a fresh in-process sandbox and a fresh account.
 * The few that cannot run as written get the handling listed in SPECIAL, each with its reason: `sandbox serve`
 * runs until this file signals it, and `sandbox start`, which starts a process of its own, runs the built
 * binary. That every command has examples, and a described help, is help-tree.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { BIN, ROOT, ensureBuilt, isolatedEnv, until, type Result } from '../helpers/bm.js';
import { shell, words, type ShellWorld } from '../helpers/example-shell.js';
import { examplesOf, leafHelps } from '../helpers/help-tree.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { startBm } from '../helpers/in-process-stream.js';
import { useSandbox } from '../helpers/sandbox-server.js';

interface Example { readonly command: string; readonly line: string }

const h = useSandbox(7, { strict: true });
const home = isolatedEnv();
// The examples name files in the folder they run in (orders.ndjson, day.ndjson): this file's process works there.
const work = mkdtempSync(join(tmpdir(), 'bm-examples-'));
let url = '';
let env: Record<string, string> = {};
/** The world of `bm watch orders`: an account of its own, with one order resting. */
let ordersEnv: Record<string, string> = {};
let leaves = new Map<string, string[]>();

/** The credentials of a sandbox account as the environment gives them. */
const keys = (a: { key: string; secret: string; memo: string }) => ({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });

// Not a before hook: node runs a file's before hooks at once, and this one needs the sandbox's.
let ready: Promise<void> | undefined;
const setUp = () => (ready ??= (async () => {
  ensureBuilt();
  process.chdir(work);
  url = h.base();
  const r = await runBm(['--base-url', url, 'sandbox', 'account', 'create', '--json'], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
  env = {
    ...home, BM_BASE_URL: url, BM_KEYCHAIN_TIMEOUT: '2000', ...keys(a),
    // The shell variables of the `printf ... | bm profile add` example.
    KEY: a.key, SECRET: a.secret, MEMO: a.memo,
  };
  ordersEnv = { ...isolatedEnv(), BM_BASE_URL: url, ...keys(h.sandbox().exchange.createAccount({ USDT: '100000' })) };
  const low = String(BigInt(h.sandbox().exchange.ticker('BTC_USDT').best_bid.split('.')[0]!) / 2n);
  const rest = await runBm(['order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', low, '--yes'], ordersEnv);
  assert.equal(rest.code, 0, rest.stderr);
  leaves = new Map([...(await leafHelps(home))].map(([path, help]) => [path, examplesOf(help)]));
  for (const bot of ['grid.mjs', 'breakout.mjs']) copyFileSync(join(ROOT, 'examples', 'bots', bot), join(work, bot));
  // A minute of trades going down and up: the backtests over it trade.
  const t0 = Date.UTC(2026, 10, 1);
  writeFileSync(join(work, 'trades.csv'), ['time,price,size,side', ...Array.from({ length: 120 }, (_, i) => `${t0 + i * 500},${(100 + 2 * Math.sin(i / 10)).toFixed(2)},0.5,${i % 2 ? 'buy' : 'sell'}`)].join('\n'));
})());
after(async () => {
  // `bm sandbox start` is an example: leave no background sandbox behind, whatever happened.
  if (env.BM_BASE_URL) await runBm(['sandbox', 'stop'], env);
});

const world: ShellWorld = { get env() { return env; }, cwd: work, bm: (argv, input) => runBm(argv, env, input) };

/** Runs the built binary in the examples' world. */
function binary(argv: readonly string[]): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

/** `bm sandbox serve` never exits: it must print its listening line, then stop cleanly (exit 0) on SIGTERM. */
async function serveBriefly(argv: readonly string[]): Promise<string> {
  const signals = new EventEmitter();
  const timer = setTimeout(() => signals.emit('SIGINT', 'SIGINT'), 30_000);
  const onStdout = (_: string, all: string) => void (/listening http:\/\/127\.0\.0\.1:[0-9]+/.test(all) && signals.emit('SIGTERM', 'SIGTERM'));
  const r = await runCli(argv, { env, signals, onStdout }).finally(() => clearTimeout(timer));
  assert.match(r.stdout, /listening /, `exited (${r.code}) before listening, or not within 30 s: ${r.stderr}`);
  assert.equal(r.code, 0, `SIGTERM is the asked-for stop, exit 0: ${r.stderr}`);
  return r.stdout;
}

/** A stream run in this process until it printed a line; then its reader goes away, as `| head -n 1` would. */
async function streamBriefly(argv: string[], own: Record<string, string>): Promise<Result> {
  const run = startBm(argv, own);
  try {
    await run.waitFor(/\n/);
  } finally {
    run.stop();
  }
  return run.done;
}

/** What an example needs beyond running as written; the reason is part of each entry. */
const SPECIAL: ReadonlyArray<{ readonly match: RegExp; readonly why: string }> = [
  { match: /^bm sandbox serve/, why: 'runs until a signal stops it: its listening line checked, then stopped with SIGTERM (exit 0)' },
  { match: /^bm sandbox start$/, why: 'starts a background process of its own: the built binary runs it' },
  { match: /^bm watch (?!.*--once)/, why: 'streams until stopped: ended once it printed a line, as a reader that goes away' },
  { match: /^bm watch orders/, why: 'runs on an account of its own with one order resting, so it has a line to print whatever the other examples do' },
  { match: /bm profile add/, why: 'the example address stands for the user venue and becomes the sandbox; --insecure-storage keeps secrets out of the machine keychain; key, secret and memo come on stdin' },
  { match: /--file orders\.ndjson/, why: 'reads a file of the user: the test writes orders.ndjson first' },
  { match: /^bm order amend .*--client-order-id amend1 /, why: 'changes an open order of the user: the test places amend1 first' },
  { match: /> ~\//, why: 'writes into a folder of the user: the folder is made in the test HOME, and the file checked afterwards' },
  { match: /\b(grid|breakout)\.mjs\b|trades\.csv/, why: 'reads files of the user: the test copies the example bots of examples/bots and writes trades.csv first' },
  { match: /--recording btc\.ndjson/, why: 'replays a recording of the user: the test makes btc.ndjson first, as the help says (bm record import trades.csv)' },
];

const ORDERS = [
  { side: 'buy', type: 'limit', size: '0.001', price: '30000', client_order_id: 'batch1' },
  { side: 'buy', type: 'limit', size: '0.001', price: '30001', client_order_id: 'batch2' },
].map((o) => JSON.stringify(o)).join('\n');

/** Runs one example's line, adapted as SPECIAL says. */
async function runLine(line: string): Promise<Result> {
  if (/^bm sandbox start$/.test(line)) return binary((await words(line, world)).slice(1));
  if (/^bm watch (?!.*--once)/.test(line)) return streamBriefly((await words(line, world)).slice(1), /^bm watch orders/.test(line) ? ordersEnv : env);
  if (/bm profile add/.test(line)) {
    const own = line.replace(/https:\/\/api\.example\.com|http:\/\/127\.0\.0\.1:8080/, url) + ' --insecure-storage';
    // Typed at the prompt when bm reads them itself; the piped form gives them with printf.
    return shell(own, world, /^bm /.test(line) ? `${env.KEY}\n${env.SECRET}\n${env.MEMO}\n` : '');
  }
  if (/^bm order amend .*--client-order-id amend1 /.test(line)) {
    const placed = await shell('bm order place BTC_USDT --side buy --type limit --size 0.001 --price 30000 --client-order-id amend1 --yes', world);
    assert.equal(placed.code, 0, placed.stderr);
  }
  if (/--file orders\.ndjson/.test(line)) writeFileSync(join(work, 'orders.ndjson'), ORDERS);
  if (/--recording btc\.ndjson/.test(line) && !existsSync(join(work, 'btc.ndjson'))) {
    const made = await shell('bm record import trades.csv --symbol BTC_USDT --out btc.ndjson', world);
    assert.equal(made.code, 0, made.stderr);
  }
  return shell(line, world);
}

/** Runs one example; asserts it succeeded. */
async function runExample(ex: Example): Promise<void> {
  const line = ex.line;
  if (/^bm sandbox serve/.test(line)) {
    assert.match(await serveBriefly((await words(line, world)).slice(1)), /^listening http:\/\/127\.0\.0\.1:[0-9]+/m);
    return;
  }
  const target = /> ~\/(\S+)/.exec(line)?.[1];
  if (target) mkdirSync(dirname(join(env.HOME!, target)), { recursive: true });
  const r = await runLine(line);
  assert.equal(r.code, 0, `${line}\nexit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  assert.doesNotMatch(r.stderr, /^error: /m, line);
  if (target) assert.match(readFileSync(join(env.HOME!, target), 'utf8'), /\bbm\b/, `${line}: the script was written`);
  // Output goes to stdout, except where the example sends it elsewhere or the command only reports on stderr.
  else if (!QUIET.test(line)) assert.notEqual(r.stdout.trim(), '', `${line}: printed nothing`);
}

/**
 * Examples whose success prints nothing on stdout: the outcome is a note on stderr (sign-test, profile
 * add/use/remove, sandbox stop/reset, cancel-all, record: its file is the output). (The record examples run
 * before the local group, so the file `sandbox serve --replay` reads exists.)
 */
const QUIET = /^(bm (sandbox (stop|reset)|profile (use|remove)|sign-test (get|post)|order cancel-all|legacy order cancel-all|record)\b|.*\| bm profile add |bm profile add )/;

/**
 * Examples run in groups at once (up to 4), each group in help order: the groups share one sandbox and
 * account, so every command that changes what others read is in a group run alone at the end: writes of
 * both generations (orders, batches, contract orders, and the conditional orders `bm algo` reads after the
 * detached one an `order stop` example leaves, alerts among them: `last` is the newest of any kind) in one, then the sandbox and profile commands. The
 * servers of `sandbox serve` are their own (one replays what `record` wrote): their group follows record's.
 */
function groupOf(command: string): string {
  const word = command.split(' ')[0]!;
  if (['order', 'legacy', 'contract', 'portfolio', 'wallet', 'funding', 'algo', 'alert', 'bot'].includes(word)) return 'trading';
  // A recording made from a file: it connects to no venue, so it is not of the recordings the servers replay.
  if (command === 'record import') return 'import';
  if (command === 'sandbox serve') return 'serve';
  if (['sandbox', 'profile', 'doctor'].includes(word)) return 'local';
  return word;
}

/** Groups whose examples share nothing (each writes its own file, or starts its own server): run at once. */
const AT_ONCE = new Set(['record', 'serve']);

test('every example runs against a fresh sandbox and exits 0, in help order within its group', { concurrency: 4 }, async (t) => {
  await setUp();
  const all: Example[] = [...leaves].flatMap(([command, list]) => list.map((line) => ({ command, line })));
  assert.ok(all.length > 70, `only ${all.length} examples`);
  const groups = new Map<string, Example[]>();
  for (const ex of all) groups.set(groupOf(ex.command), [...(groups.get(groupOf(ex.command)) ?? []), ex]);
  const runGroup = (name: string) => t.test(`group ${name}`, { concurrency: AT_ONCE.has(name) }, async (g) => {
    const runs = (groups.get(name) ?? []).map((ex) => () => {
      const why = SPECIAL.filter((s) => s.match.test(ex.line)).map((s) => s.why);
      return g.test(`${ex.line}${why.length ? `  [${why.join('; ')}]` : ''}`, () => runExample(ex));
    });
    if (AT_ONCE.has(name)) await Promise.all(runs.map((r) => r()));
    else for (const r of runs) await r();
  });
  // The recordings (which the replaying server reads) run for their --duration from their start: the rest
  // waits until the sandbox saw each connect, so a process busy with the rest cannot make them miss it.
  const recording = runGroup('record').then(() => runGroup('serve'));
  const connected = () => h.log.filter((l) => /^ws \/api connected$/.test(l)).length;
  await until(() => connected() >= (groups.get('record')?.length ?? 0), 'the record examples connected to the sandbox', 30_000);
  const shared = [...groups.keys()].filter((k) => !['trading', 'local', 'record', 'serve'].includes(k));
  await Promise.all([recording, runGroup('trading'), ...shared.map(runGroup)]);
  await runGroup('local');
  assert.ok(existsSync(join(work, 'orders.ndjson')), 'the batch example ran');
});
