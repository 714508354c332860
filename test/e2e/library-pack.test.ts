/**
 * The package as a bot author gets it: `npm pack`, installed into an empty project, a strict
 * TypeScript bot type-checked against the shipped types (themselves checked strictly on their own) and
 * run against a sandbox it starts through the library. The command line's own dependencies are removed
 * from the install first: a bot that names an address never loads commander, the prompts or the keychain.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { ensureBuilt, isolatedEnv, ROOT, runAsync } from '../helpers/bm.js';
import { registryEnv } from '../helpers/registry-env.js';

/** A program run without blocking this process (another test file may share it): exit code and output. */
async function run(cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; out: string; err: string }> {
  const r = await runAsync(cmd, args, { cwd, env, timeoutMs: 100_000 });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

/** npm's scripts that run when a package is installed (prepare: from a directory or git). */
const INSTALL_TIME = ['preinstall', 'install', 'postinstall', 'prepare'] as const;

/**
 * The tarball declares no install-time script whose file it lacks, and each it declares runs in the
 * installed package as a no-op: exit 0, nothing printed, dist/ as shipped.
 */
async function checkInstallScripts(tarball: string, installed: string): Promise<void> {
  const listed = await run('tar', ['-tzf', tarball], ROOT);
  assert.equal(listed.code, 0, listed.err);
  const files = new Set(listed.out.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')));
  assert.ok(files.has('dist/main.cjs') && !files.has('build.mjs'), 'dist/ ships built; the build script does not');
  const manifest = await run('tar', ['-xzOf', tarball, 'package/package.json'], ROOT);
  assert.equal(manifest.code, 0, manifest.err);
  const scripts = (JSON.parse(manifest.out) as { scripts?: Record<string, string> }).scripts ?? {};
  const main = readFileSync(join(installed, 'dist', 'main.cjs'));
  for (const name of INSTALL_TIME) {
    const script = scripts[name];
    if (script === undefined) continue;
    const named = script.split(/\s+/).filter((w) => /\.[cm]?js$/.test(w));
    assert.ok(named.length, `${name}: '${script}' names the file it runs`);
    for (const f of named) assert.ok(files.has(f), `${name}: '${script}' runs ${f}, which the tarball lacks`);
    const r = await run('sh', ['-c', script], installed);
    assert.deepEqual([r.code, r.out, r.err], [0, '', ''], `${name}: '${script}' in the installed package`);
  }
  assert.ok(readFileSync(join(installed, 'dist', 'main.cjs')).equals(main), 'the shipped dist/ is left as it is');
}

test('npm pack, install into an empty project, tsc --noEmit (strict) on a bot, run it against a library-started sandbox', async (t) => {
  ensureBuilt();
  assert.ok(existsSync(join(ROOT, 'dist', 'lib', 'index.d.ts')), 'dist/lib is built');
  const dir = mkdtempSync(join(tmpdir(), 'bm-lib-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // --ignore-scripts: packing must not rebuild dist/ under tests that run the binary.
  const pack = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], ROOT);
  assert.equal(pack.code, 0, pack.err);
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  assert.ok(tarball, 'npm pack made a tarball');

  const project = join(dir, 'bot');
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bot', version: '1.0.0', private: true, type: 'module' }));
  const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, tarball)], project, registryEnv());
  assert.equal(install.code, 0, install.err);
  await checkInstallScripts(join(dir, tarball), join(project, 'node_modules', 'bm'));
  for (const cli of ['commander', '@inquirer', '@napi-rs', 'conf']) rmSync(join(project, 'node_modules', cli), { recursive: true, force: true });

  copyFileSync(join(ROOT, 'test', 'fixtures', 'library', 'bot.mts'), join(project, 'bot.mts'));
  // The README's bot, as a reader would paste it.
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /<!-- library-bot -->\n```ts\n([\s\S]*?)```\n<!-- \/library-bot -->/.exec(readme);
  assert.ok(block, 'README.md has the library bot');
  assert.ok(block[1]!.trim().split('\n').length <= 20, 'the README bot is 20 lines at most');
  writeFileSync(join(project, 'readme-bot.mts'), block[1]!);
  // Two strict programs: the bots against the package (declaration files not checked, as most projects
  // set), and the shipped declarations themselves, checked on their own (no @types/node to check with them).
  const strict = { strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { ...strict, lib: ['ES2022'], skipLibCheck: true, types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] },
    files: ['bot.mts', 'readme-bot.mts'],
  }));
  writeFileSync(join(project, 'tsconfig.decls.json'), JSON.stringify({
    compilerOptions: { ...strict, lib: ['ES2022', 'DOM'], skipLibCheck: false, skipDefaultLibCheck: true, types: [] },
    files: ['node_modules/bm/dist/lib/index.d.ts'],
  }));
  for (const config of ['tsconfig.json', 'tsconfig.decls.json']) {
    const tsc = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', join(project, config)], project);
    assert.equal(tsc.code, 0, `tsc -p ${config}:\n${tsc.out}${tsc.err}`);
  }

  const tsx = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const bot = await run(process.execPath, ['--import', tsx, 'bot.mts'], project, isolatedEnv());
  assert.equal(bot.code, 0, bot.err);
  const r = JSON.parse(bot.out.trim().split('\n').pop()!) as {
    last: string; exact: boolean; states: string[]; books: number; usage: string;
    placed: { outcome: string; say: string; via: string; orderId: string; clientOrderId: string; data: Record<string, unknown> };
    cancelled: { outcome: string; say: string };
    detail: Record<string, unknown>;
    venueError: { category: string; code: string; httpStatus: number; exitCode: number; retryable: boolean; message: string };
    again: { outcome: string; say: string; data: Record<string, unknown> }; since: string[]; byDefault: number; bookBid: string;
    preflight: string; openAfterDry: number; batchOpen: string[]; legacyBid: string;
    dry: { dryRun: boolean; method: string; url: string; headers: Record<string, string>; body?: string };
    batchDry: Array<{ url: string; body?: string }>;
    batch: { placed: number; failed: number; unknown: number; orders: Array<{ index: number; result: string; orderId?: string; clientOrderId: string }> };
    helpers: {
      under: string; size: string; deviation: string; open: number; streamStates: string[]; streamEnd: string;
      guarded: { placed: number; journal?: string }; resumed: { placed: number; notSent: number; journal?: string };
    };
  };
  const h = r.helpers;
  assert.match(h.under, /^[0-9]+(\.[0-9]{1,2})?$/, 'a price rounded to the pair\'s tick');
  assert.equal(h.size, '0.01', 'a size rounded down to the step');
  assert.equal(h.guarded.placed, 1, 'within the deviation guard: placed');
  assert.match(h.guarded.journal ?? '', /bm-bot-\d+\.ndjson$/);
  assert.match(h.deviation, /^usage 2 order\.batch: 1 of 1 orders refused; nothing was sent\n {2}order 1: price: .*above the last price/, 'the guard refused a buy half again above the market');
  assert.deepEqual([h.resumed.placed, h.resumed.notSent], [1, 0], 'the journal proves the order placed: nothing sent again');
  assert.equal(h.open, 1, 'the open order, across pairs');
  assert.deepEqual(h.streamStates, ['connected', 'reconnecting'], 'the stream said it was reconnecting when its venue stopped');
  assert.equal(h.streamEnd, 'reconnects_exhausted');
  assert.match(r.last, /^[0-9]+\.[0-9]+$/, 'last price is decimal text');
  assert.equal(r.exact, true, 'the client gave the venue\'s text of the last price');
  assert.deepEqual([r.placed.outcome, r.placed.say, r.placed.via], ['done', 'placed', 'answer']);
  assert.ok(BigInt(r.placed.orderId) > 2n ** 53n, `order id ${r.placed.orderId} is beyond 2^53 and kept exact`);
  assert.equal(r.detail.order_id, r.placed.orderId, 'the id read back equals the id the place answer carried');
  assert.equal(r.detail.clientOrderId ?? r.detail.client_order_id, r.placed.clientOrderId, 'a client order id was generated and sent');
  assert.deepEqual(r.states, ['4', '8'], 'the order stream showed the order new, then cancelled');
  assert.deepEqual([r.cancelled.outcome, r.cancelled.say], ['done', 'cancelled']);
  assert.equal(String(r.detail.status), '8');
  assert.equal(r.books, 2, 'the depth stream ended when its signal aborted');
  assert.equal(r.venueError.category, 'venue');
  assert.equal(r.venueError.exitCode, 6);
  assert.match(r.venueError.code, /^5\d{4}$/);
  assert.equal(typeof r.venueError.httpStatus, 'number');
  assert.match(r.venueError.message, new RegExp(`^POST /spot/v3/cancel_order: ${r.venueError.code} [A-Z]`), 'the venue\'s code and reason are in the message');
  assert.deepEqual([r.again.outcome, r.again.say, r.again.data.result], ['settled', 'not cancelled: already filled or cancelled', false], 'a second cancel is settled');
  assert.ok(r.since.length >= 20 && r.since.length <= 25, `candles of the last two hours by 5m: ${r.since.length}`);
  assert.ok(r.since.every((t) => Number(t) * 1000 > Date.now() - 3 * 3600_000), 'the relative start was read as two hours ago');
  assert.ok(r.byDefault >= 95 && r.byDefault <= 101, `the default range is 100 candles: ${r.byDefault}`);
  assert.match(r.bookBid, /^[0-9]+(\.[0-9]+)?$/, 'a book level\'s price is decimal text');
  assert.match(r.usage, /^usage 2 size: /, 'bad input names the parameter, exit code 2');
  assert.match(r.preflight, /^usage 2 price: at most 2 decimal places for BTC_USDT/, 'the pair\'s rules are checked before sending');
  assert.match(r.legacyBid, /^[0-9]+(\.[0-9]+)?$/, 'a legacy book price is decimal text');
  assert.equal(r.dry.dryRun, true);
  assert.equal(r.dry.method, 'POST');
  assert.match(r.dry.url, /\/spot\/v2\/submit_order$/);
  assert.match(r.dry.body!, /"client_order_id":"bm[0-9a-z]+"/, 'the dry run shows the client order id it would send');
  assert.equal(r.dry.headers['x-bm-key'], '[redacted]');
  assert.equal(r.dry.headers['x-bm-sign'], '[redacted]');
  assert.equal(r.openAfterDry, 0, 'a dry run sends nothing');
  assert.equal(r.batchDry.length, 1, 'three orders are one request');
  assert.match(r.batchDry[0]!.url, /\/spot\/v2\/batch_orders$/);
  assert.equal(JSON.parse(r.batchDry[0]!.body!).order_params.length, 3);
  assert.deepEqual([r.batch.placed, r.batch.failed, r.batch.unknown], [3, 0, 0]);
  assert.deepEqual(r.batch.orders.map((o) => [o.index, o.result]), [[1, 'placed'], [2, 'placed'], [3, 'placed']]);
  assert.ok(r.batch.orders.every((o) => /^[0-9]+$/.test(o.orderId ?? '')), 'every order placed has its id');
  assert.deepEqual(r.batchOpen, r.batch.orders.map((o) => o.clientOrderId).sort(), 'the venue holds the three orders under the client order ids the batch gave them');

  // The README's bot runs too: place, wait for the fill on the order stream (10 s at most), else cancel.
  const readmeBot = await run(process.execPath, ['--import', tsx, 'readme-bot.mts'], project, isolatedEnv());
  assert.equal(readmeBot.code, 0, readmeBot.err);
  assert.match(readmeBot.out.trim(), /^(filled at [0-9]+(\.[0-9]+)?|cancelled)$/);
});
