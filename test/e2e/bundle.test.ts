// A one-shot loads only what it runs: dist/main.cjs holds what every command shares and what a one-shot
// read runs; the sandbox, the trading terminal, record/replay, watch, the live layer (the streams and their
// connection), the keychain, the bots and the heavy packages are files of their own, and the code of every
// other command (writes, conditional orders, profiles, help, doctor...) is dist/commands.cjs, each loaded by
// the commands that use it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, ROOT, ensureBuilt, isolatedEnv, runAsync } from '../helpers/bm.js';
import { loaded } from '../helpers/loadlog/loaded.js';
import { STAMP_PLACEHOLDER } from '../../build/stamp.mjs';
import { startReadySandbox } from '../helpers/sandbox-server.js';
import { sandboxAccountAsync } from '../helpers/account.js';

const DIST = join(ROOT, 'dist');

/** Every source file under a folder of src/, repo-relative. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => `${folder}/${f}`);
}

/**
 * The modules a built bundle holds, from its source map: our sources repo-relative, packages as
 * `package:<name>`. Entries of a virtual namespace (a few lines standing for a module another file
 * holds) are not the module and are left out.
 */
function modulesOf(bundle: string): Set<string> {
  const { sources } = JSON.parse(readFileSync(join(DIST, `${bundle}.map`), 'utf8')) as { sources: string[] };
  return new Set(sources.filter((s) => !/^[a-z-]+:/.test(s)).map((s) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(s);
    return pkg ? `package:${pkg[1]}` : relative(ROOT, resolve(DIST, s)).split('\\').join('/');
  }));
}

/** What a one-shot must not carry. */
const KEPT_OUT = [
  ...filesUnder('src/sandbox'), // the sandbox's server side, its replay included
  ...filesUnder('src/commands/trade'),
  ...filesUnder('src/commands/record'),
  ...filesUnder('src/commands/watch'),
  // Writes, conditional orders and the commands that are not a market read.
  ...filesUnder('src/commands/help'),
  ...filesUnder('src/commands/profile'),
  ...filesUnder('src/commands/doctor'),
  ...filesUnder('src/commands/completion'),
  'src/commands/order/batch.ts', 'src/commands/order/amend.ts', 'src/commands/order/algo.ts', 'src/commands/order/algo-register.ts',
  'src/core/usecases/order-amend.ts', 'src/core/algo/engine.ts', 'src/core/algo/runner.ts', 'src/core/algo/kinds/index.ts',
  ...filesUnder('src/core/live'), // the live layer: every stream opens through it
  'src/ws/connection.ts', 'src/ws/socket.ts', 'src/ws/frames.ts', 'src/ws/pace.ts',
  'src/profiles/keychain.ts',
  'src/lib/index.ts', 'src/lib/client.ts', // the library's own face
  // The catalogue's declarations: main.cjs carries the entries as JSON text, each parsed when first looked up.
  'src/api/catalogue/market.ts', 'src/api/catalogue/private.ts', 'src/api/catalogue/later.ts', 'src/api/catalogue/named.ts',
];

test('dist/main.cjs holds no sandbox, trading terminal, record/replay, watch, live layer, keychain, library client, batch or conditional order, and no package but commander', () => {
  ensureBuilt();
  const main = modulesOf('main.cjs');
  // The source map is read as meant: the one-shot's own modules are there.
  for (const f of ['src/main.ts', 'src/program.ts', 'src/commands/market/ticker.ts', 'src/api/client.ts', 'src/util/signing.ts', 'src/commands/order/place.ts', 'src/core/write/pipeline.ts']) assert.ok(main.has(f), `main.cjs should hold ${f}`);
  assert.ok(KEPT_OUT.length > 100, `the folders listed ${KEPT_OUT.length} files`);
  assert.deepEqual(KEPT_OUT.filter((f) => main.has(f)), []);
  assert.deepEqual([...main].filter((m) => m.startsWith('package:')), ['package:commander']);
});

test('each face is a file of its own, and no module is in two files (one class, one state)', () => {
  const files = readdirSync(DIST).filter((f) => f.endsWith('.cjs'));
  assert.deepEqual(files.sort(), ['bot.cjs', 'commands.cjs', 'keychain.cjs', 'live.cjs', 'main.cjs', 'record.cjs', 'sandbox.cjs', 'trade.cjs', 'watch.cjs']);
  const holds = Object.fromEntries(files.map((f) => [f, modulesOf(f)]));
  for (const [file, module] of <[string, string][]>[['sandbox.cjs', 'src/sandbox/server/server.ts'], ['sandbox.cjs', 'src/sandbox/replay/recording.ts'], ['trade.cjs', 'src/commands/trade/run.ts'], ['record.cjs', 'src/commands/record/record.ts'], ['watch.cjs', 'src/commands/watch/run.ts'], ['live.cjs', 'src/core/live/connect.ts'], ['live.cjs', 'src/ws/connection.ts'], ['keychain.cjs', 'src/profiles/keychain.ts'], ['bot.cjs', 'src/bot/backtest/run.ts'], ['bot.cjs', 'src/lib/client.ts'], ['commands.cjs', 'src/commands/trade/register.ts'], ['commands.cjs', 'src/commands/order/batch.ts'], ['commands.cjs', 'src/core/algo/engine.ts']]) {
    assert.ok(holds[file]!.has(module), `${file} should hold ${module}`);
  }
  const seen = new Map<string, string>();
  for (const [file, modules] of Object.entries(holds)) {
    for (const m of modules) {
      assert.equal(seen.get(m), undefined, `${m} is in ${seen.get(m)} and ${file}`);
      seen.set(m, file);
    }
  }
});

test('each bundle bin/load.js compiles begins with a hash of its own text, which names its code cache', () => {
  ensureBuilt();
  const bundles = [...readdirSync(DIST), ...readdirSync(join(DIST, 'vendor')).map((f) => `vendor/${f}`)].filter((f) => f.endsWith('.cjs'));
  assert.ok(bundles.length > 12 && bundles.includes('main.cjs') && bundles.includes('vendor/table.cjs'), bundles.join(', '));
  for (const f of bundles) {
    const text = readFileSync(join(DIST, f), 'latin1');
    const stamp = /^\/\*bm-build:([0-9a-f]{16})\*\//.exec(text)?.[1];
    assert.ok(stamp, `${f} has no stamp`);
    const unstamped = `${STAMP_PLACEHOLDER}${text.slice(STAMP_PLACEHOLDER.length)}`;
    assert.equal(createHash('sha256').update(unstamped, 'latin1').digest('hex').slice(0, 16), stamp, `${f}: the stamp is the hash of its text`);
  }
});

let url = '';
let stop: () => Promise<void> = async () => {};
before(async () => {
  ensureBuilt();
  ({ url, stop } = await startReadySandbox(7));
});
after(() => stop());

/** The files under dist/ a run loaded, dist-relative. */
const distFiles = (urls: string[]) => urls.filter((u) => u.startsWith(`file://${DIST}/`)).map((u) => u.slice(`file://${DIST}/`.length));

test('bm ticker --json against a running sandbox loads dist/main.cjs and nothing else of ours', async () => {
  const r = await loaded(['ticker', 'BTC_USDT', '--json', '--base-url', url], isolatedEnv());
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /"symbol": "BTC_USDT"/);
  assert.deepEqual(distFiles(r.urls), ['main.cjs']);
});

test('the order commands scripts run load dist/main.cjs alone: place, list, get, fills, cancel, cancel-all', async () => {
  const env = await sandboxAccountAsync(url);
  const run = async (args: string[]) => {
    const r = await loaded([...args, '--base-url', url, '--json'], env);
    assert.deepEqual(distFiles(r.urls), ['main.cjs'], `${args.join(' ')}: ${r.err}`);
    return r;
  };
  const placed = await run(['order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', '10000', '--yes']);
  assert.equal(placed.code, 0, placed.err);
  const id = (JSON.parse(placed.out) as { order_id: string }).order_id;
  for (const args of [['order', 'list', 'BTC_USDT'], ['order', 'get', 'BTC_USDT', '--order-id', id], ['order', 'fills', 'BTC_USDT'], ['order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes'], ['order', 'cancel-all', 'BTC_USDT', '--yes']]) {
    const r = await run(args);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.err}`);
  }
});

test('bm ticker --json loads no node:crypto: signatures and lock tokens load it when they are made', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-builtins-'));
  const preload = join(dir, 'list.cjs');
  const list = join(dir, 'list');
  // Node's own list of the builtins this process loaded, written as it exits.
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));`);
  const r = await runAsync(process.execPath, ['--require', preload, BIN, 'ticker', 'BTC_USDT', '--json', '--base-url', url], { env: isolatedEnv() });
  assert.equal(r.code, 0, r.stderr);
  const builtins = readFileSync(list, 'utf8').split('\n');
  assert.ok(builtins.includes('NativeModule http'), 'the list holds what the request loaded');
  assert.deepEqual(builtins.filter((b) => /crypto/.test(b)), []);
});

test('a command of a face loads its file (the check above sees face files when they load)', async () => {
  const r = await loaded(['sandbox', 'serve', '--limits', 'bogus'], isolatedEnv());
  assert.equal(r.code, 2, r.err);
  assert.deepEqual(distFiles(r.urls), ['main.cjs', 'commands.cjs', 'sandbox.cjs']);
});

test('help declares every group without loading the faces their code lives in', async () => {
  const r = await loaded(['--help'], isolatedEnv());
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /trade/);
  assert.deepEqual(distFiles(r.urls), ['main.cjs', 'commands.cjs']);
});
