// The seam between the catalogue and hand-written code, proven on real runs: bm runs from its sources
// with a load log, against the sandbox behind the fault proxy (which shows what reached the wire).
// A catalogue-only endpoint goes from argv to the wire through its catalogue entry and the generic
// engine alone; a hand-written one adds exactly one module of its own.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { catalogue } from '../../src/api/catalogue/index.js';
import { OVERRIDES } from '../../src/commands/tree/overrides.js';
import { isolatedEnv, ROOT } from '../helpers/bm.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';

let sandbox: RunningSandbox;
let proxy: FaultProxy;
before(async () => {
  sandbox = await startServer({ port: 0, seed: 13 });
  proxy = await startFaultProxy(sandbox.url);
});
after(async () => {
  await proxy.close();
  await sandbox.close();
});

const SRC = join(ROOT, 'src');
const HOOK = join(ROOT, 'test', 'helpers', 'loadlog', 'register.mjs');
const WALK = join(ROOT, 'test', 'helpers', 'argv-walk.ts');

/** The modules each hand-written command loads itself (from OVERRIDES, by reading its source). */
function overrideModules(): Map<string, string> {
  const text = readFileSync(join(SRC, 'commands', 'tree', 'overrides.ts'), 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/'([a-z0-9._]+)': \{[^]*?load: \(\) => import\('\.\.\/([^']+)\.js'\)/g)) out.set(m[1]!, `commands/${m[2]}.ts`);
  return out;
}

/** Runs `bm ...args` from the sources; resolves with the src modules it loaded (paths under src/). */
function walk(args: string[]): Promise<{ code: number; modules: Set<string>; err: string }> {
  const log = join(mkdtempSync(join(tmpdir(), 'bm-seam-')), 'log');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', join(ROOT, 'test', 'loader', 'register.mjs'), '--import', HOOK, WALK, '--base-url', proxy.url, ...args], {
      cwd: ROOT, env: { ...isolatedEnv(), BM_LOAD_LOG: log } as NodeJS.ProcessEnv, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', fail);
    child.on('close', (code) => {
      const modules = new Set(readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith('file:'))
        .map((u) => relative(SRC, fileURLToPath(u.split('?')[0]!))).filter((p) => !p.startsWith('..')));
      done({ code: code ?? -1, modules, err });
    });
  });
}

/** The catalogue file that holds an entry. */
function entryFile(id: string): string {
  for (const f of ['market.ts', 'private.ts', 'named.ts']) if (readFileSync(join(SRC, 'api', 'catalogue', f), 'utf8').includes(`id: '${id}'`)) return `api/catalogue/${f}`;
  throw new Error(`no catalogue file holds ${id}`);
}

test('OVERRIDES names its modules the way this test reads them', () => {
  assert.deepEqual([...overrideModules().keys()].sort(), Object.keys(OVERRIDES).sort());
});

test('a catalogue-only endpoint: argv to the wire through its entry and the generic engine, no hand-written module', async () => {
  const ep = catalogue().find((e) => e.id === 'spot.currencies')!;
  assert.ok(ep.command && !OVERRIDES[ep.id], 'spot.currencies has a command and nothing hand-written');
  proxy.seen.splice(0);
  const r = await walk([...ep.command, '-o', 'json']);
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(proxy.seen.map((s) => `${s.method} ${s.path}`), [`GET ${ep.path}`], 'one request, on the wire');
  assert.ok(r.modules.has(entryFile(ep.id)), 'the catalogue entry was read');
  assert.ok(r.modules.has('commands/engine.ts'), 'the generic engine ran it');
  const handWritten = new Set(overrideModules().values());
  assert.deepEqual([...r.modules].filter((m) => handWritten.has(m)), [], 'no hand-written command module loaded');
  // Nor any other module of the hand-written command folders (their helpers); only their declarations
  // (`register.ts`, `*-register.ts`: the command tree is built at start) are read.
  assert.deepEqual([...r.modules].filter((m) => /^commands\/(market|order|account|portfolio|trade)\/(?!(.+-)?register\.ts$)/.test(m)), []);
});

test('a hand-written endpoint adds exactly one module of its own', async () => {
  const ep = catalogue().find((e) => e.id === 'spot.ticker')!;
  proxy.seen.splice(0);
  const r = await walk([...ep.command!, 'BTC_USDT', '-o', 'json']);
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(proxy.seen.map((s) => `${s.method} ${s.path}`), [`GET ${ep.path}`]);
  assert.ok(r.modules.has(entryFile(ep.id)));
  const handWritten = new Set(overrideModules().values());
  assert.deepEqual([...r.modules].filter((m) => handWritten.has(m) || /^commands\/(market|order|account)\/(?!(.+-)?register\.ts$)/.test(m)), [overrideModules().get(ep.id)]);
});
