/**
 * Every example in the help runs. The command tree is walked through the built binary's --help, each
 * `  $ ...` line of an Examples block is collected, and the examples run in help order, in bash, with
 * `bm` on PATH, against a fresh sandbox and a fresh account. The few that cannot run as written get
 * the handling listed in SPECIAL, each with its reason.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, bmAsync, isolatedEnv, startSandbox, type Result } from '../helpers/bm.js';

interface Example { readonly command: string; readonly line: string }

/** Sub-command names listed under `Commands:` (commander's own `help [command]` of a group left out). */
function children(help: string, root: boolean): string[] {
  const block = help.split('\nCommands:\n')[1];
  if (!block) return [];
  const names: string[] = [];
  for (const line of block.split('\n')) {
    if (!line.startsWith('  ')) break;
    const m = /^ {2}(\S+)/.exec(line);
    if (m && !(m[1] === 'help' && !root)) names.push(m[1]!);
  }
  return names;
}

/**
 * Walks the tree from the built binary, up to 4 help commands at once; returns every leaf command with its
 * examples, and records its help text.
 */
async function collect(): Promise<Map<string, string[]>> {
  let running = 0;
  const queue: Array<() => void> = [];
  const help = async (path: string[]): Promise<Result> => {
    if (running >= 4) await new Promise<void>((go) => queue.push(go));
    running++;
    try {
      return await bmAsync([...path, '--help'], isolatedEnv());
    } finally {
      running--;
      queue.shift()?.();
    }
  };
  // Filled out of order; `at` (the indices of the path in its parents' lists) puts them back in help order.
  const found: Array<{ at: number[]; path: string; examples: string[] }> = [];
  const walk = async (path: string[], at: number[]): Promise<void> => {
    const r = await help(path);
    assert.equal(r.code, 0, `bm ${path.join(' ')} --help: ${r.stderr}`);
    const subs = children(r.stdout, path.length === 0);
    if (path.length && !subs.length) {
      const block = r.stdout.split('\nExamples:\n')[1] ?? '';
      found.push({ at, path: path.join(' '), examples: block.split('\n').filter((l) => l.startsWith('  $ ')).map((l) => l.slice(4)) });
      helps.set(path.join(' '), r.stdout);
    }
    await Promise.all(subs.map((s, i) => walk([...path, s], [...at, i])));
  };
  await walk([], []);
  const before = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  return new Map(found.sort((a, b) => before(a.at, b.at)).map((f) => [f.path, f.examples]));
}

const helps = new Map<string, string>();

const home = isolatedEnv();
const work = mkdtempSync(join(tmpdir(), 'bm-examples-'));
const shim = join(work, 'bin');
let url = '';
let stop: () => Promise<void> = async () => {};
let env: Record<string, string> = {};
let leaves = new Map<string, string[]>();

before(async () => {
  ({ url, stop } = await startSandbox());
  const r = await bmAsync(['--base-url', url, 'sandbox', 'account', 'create', '--json'], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
  // `bm` on PATH is the built binary, as a user would have it.
  mkdirSync(shim);
  writeFileSync(join(shim, 'bm'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(join(shim, 'bm'), 0o755);
  env = {
    ...home, PATH: `${shim}:${home.PATH ?? '/usr/bin:/bin'}`, BM_BASE_URL: url, BM_KEYCHAIN_TIMEOUT: '2000',
    BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo,
    // The shell variables of the `printf ... | bm profile add` example.
    KEY: a.key, SECRET: a.secret, MEMO: a.memo,
  };
  leaves = await collect();
});
after(async () => {
  // `bm sandbox start` is an example: leave no background sandbox behind, whatever happened.
  if (env.BM_BASE_URL) await bmAsync(['sandbox', 'stop'], env);
  await stop();
});

/** Runs one shell line in the examples' world. */
function sh(line: string, input = '', timeoutMs = 60_000): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-c', line], { cwd: work, env, stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** `bm sandbox serve` never exits: it must print its listening line, then stop cleanly on SIGTERM. */
function serveBriefly(line: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-c', `exec ${line}`], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => (child.kill('SIGKILL'), fail(new Error(`no listening line within 20 s: ${err}`))), 20_000);
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      if (/listening http:\/\/127\.0\.0\.1:[0-9]+/.test(out)) child.kill('SIGTERM');
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!/listening /.test(out)) fail(new Error(`exited (${code ?? signal}) before listening: ${err}`));
      else done(out);
    });
  });
}

/** What an example needs beyond running as written; the reason is part of each entry. */
const SPECIAL: ReadonlyArray<{ readonly match: RegExp; readonly why: string }> = [
  { match: /^bm sandbox serve/, why: 'runs until stopped: started, its listening line checked, then stopped' },
  { match: /^bm watch /, why: 'streams until stopped: --duration 2 added unless the example has --once or --duration' },
  { match: /bm profile add/, why: 'the example address stands for the user venue and becomes the sandbox; --insecure-storage keeps secrets out of the machine keychain; key, secret and memo come on stdin' },
  { match: /--file orders\.ndjson/, why: 'reads a file of the user: the test writes orders.ndjson first' },
  { match: /> ~\//, why: 'writes into a folder of the user: the folder is made in the test HOME, and the file checked afterwards' },
];

const ORDERS = [
  { side: 'buy', type: 'limit', size: '0.001', price: '30000', client_order_id: 'batch1' },
  { side: 'buy', type: 'limit', size: '0.001', price: '30001', client_order_id: 'batch2' },
].map((o) => JSON.stringify(o)).join('\n');

/** Runs one example, adapted as SPECIAL says; asserts it succeeded. */
async function runExample(ex: Example): Promise<void> {
  let line = ex.line;
  let input = '';
  if (/^bm sandbox serve/.test(line)) {
    assert.match(await serveBriefly(line), /^listening http:\/\/127\.0\.0\.1:[0-9]+/m);
    return;
  }
  if (/^bm watch /.test(line) && !/--once|--duration/.test(line)) line += ' --duration 2';
  if (/bm profile add/.test(line)) {
    line = line.replace(/https:\/\/api\.example\.com|http:\/\/127\.0\.0\.1:8080/, url) + ' --insecure-storage';
    input = `${env.KEY}\n${env.SECRET}\n${env.MEMO}\n`;
  }
  if (/--file orders\.ndjson/.test(line)) writeFileSync(join(work, 'orders.ndjson'), ORDERS);
  const target = /> ~\/(\S+)/.exec(line)?.[1];
  if (target) mkdirSync(dirname(join(env.HOME!, target)), { recursive: true });

  const r = await sh(line, input);
  assert.equal(r.code, 0, `${line}\nexit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  assert.doesNotMatch(r.stderr, /^error: /m, line);
  if (target) assert.match(readFileSync(join(env.HOME!, target), 'utf8'), /\bbm\b/, `${line}: the script was written`);
  // Output goes to stdout, except where the example sends it elsewhere or the command only reports on stderr.
  else if (!QUIET.test(line)) assert.notEqual(r.stdout.trim(), '', `${line}: printed nothing`);
}

/**
 * Examples whose success prints nothing on stdout: the outcome is a note on stderr (sign-test, profile
 * add/use/remove, sandbox stop/reset, cancel-all, record: its file is the output), or, for watch orders, no order
 * of the account changes during the two seconds it runs. (The record examples run before the local group,
 * so the file `sandbox serve --replay` reads exists.)
 */
const QUIET = /^(bm (sandbox (stop|reset)|profile (use|remove)|sign-test (get|post)|order cancel-all|legacy order cancel-all|watch orders|record)\b|.*\| bm profile add |bm profile add )/;

test('every leaf command of the help has at least one example', () => {
  assert.ok(leaves.size > 60, `only ${leaves.size} commands found`);
  for (const path of ['order place', 'funding get', 'profile add', 'sandbox serve', 'legacy order get', 'watch orders', 'api', 'completion', 'help', 'doctor']) {
    assert.ok(leaves.has(path), `bm ${path} is in the tree`);
  }
  const bare = [...leaves].filter(([, list]) => !list.length).map(([p]) => p);
  assert.deepEqual(bare, [], `commands without examples: ${bare.join(', ')}`);
  for (const [path, list] of leaves) for (const e of list) assert.match(e, new RegExp(`\\bbm ${path}\\b`), `an example of bm ${path} runs bm ${path}`);
});

test('every leaf command has a summary, and each of its arguments and options is described', () => {
  let described = 0;
  for (const [path, text] of helps) {
    const [usage, blank, summary] = text.split('\n');
    assert.match(usage!, new RegExp(`^Usage: bm ${path} `), path);
    assert.equal(blank, '', path);
    assert.match(summary!, /^[A-Z][^\n]{8,}$/, `bm ${path}: a summary sentence`);
    const args = [...usage!.matchAll(/[<[]([a-z_]+)(?:\.\.\.)?[>\]]/g)].map((m) => m[1]!).filter((a) => a !== 'options');
    const argBlock = text.split('\nArguments:\n')[1]?.split('\n\n')[0] ?? '';
    for (const a of args) assert.match(argBlock, new RegExp(`^ {2}${a} +\\S`, 'm'), `bm ${path}: argument ${a} is described`);
    described += args.length;
    const optBlock = text.split('\nOptions:\n')[1]?.split('\n\n')[0] ?? '';
    for (const line of optBlock.split('\n').filter((l) => /^ {2}-/.test(l))) assert.match(line, /^ {2}-\S.*\S {2,}\S/, `bm ${path}: option described: ${line}`);
  }
  assert.ok(helps.size > 60 && described > 30, `${helps.size} commands, ${described} arguments checked`);
});

/**
 * Examples run in groups at once (up to 4), each group in help order: the groups share one sandbox and
 * account, so every command that changes what others read is in a group run alone at the end: writes of
 * both generations (orders, batches, contract orders, and the conditional orders `bm algo` reads after the
 * detached one an `order stop` example leaves) in one, then the sandbox and profile commands.
 */
function groupOf(command: string): string {
  const word = command.split(' ')[0]!;
  if (['order', 'legacy', 'contract', 'portfolio', 'wallet', 'funding', 'algo'].includes(word)) return 'trading';
  if (['sandbox', 'profile', 'doctor'].includes(word)) return 'local';
  return word;
}

test('every example runs against a fresh sandbox and exits 0, in help order within its group', { concurrency: 4 }, async (t) => {
  const all: Example[] = [...leaves].flatMap(([command, list]) => list.map((line) => ({ command, line })));
  assert.ok(all.length > 70, `only ${all.length} examples`);
  const groups = new Map<string, Example[]>();
  for (const ex of all) groups.set(groupOf(ex.command), [...(groups.get(groupOf(ex.command)) ?? []), ex]);
  const runGroup = (name: string) => t.test(`group ${name}`, async (g) => {
    for (const ex of groups.get(name) ?? []) {
      const why = SPECIAL.filter((s) => s.match.test(ex.line)).map((s) => s.why);
      await g.test(`${ex.line}${why.length ? `  [${why.join('; ')}]` : ''}`, () => runExample(ex));
    }
  });
  const shared = [...groups.keys()].filter((k) => k !== 'trading' && k !== 'local');
  await Promise.all([...shared.map(runGroup), runGroup('trading')]);
  await runGroup('local');
  assert.ok(existsSync(join(work, 'orders.ndjson')), 'the batch example ran');
});
