// Every write command of the CLI, with each bad global option or environment variable, run in this
// process against the real sandbox behind the fault proxy: exit 2, one error line naming the option
// (or variable) the value came from, and nothing at all reaching the venue. The same command with
// good options does reach it (the check is not vacuous).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { catalogue, endpoint } from '../../../src/api/catalogue/index.js';
import type { Endpoint } from '../../../src/api/catalogue/types.js';
import { WriteLog } from '../../../src/core/write/log.js';
import { Context } from '../../../src/context.js';
import { BmError, usage } from '../../../src/errors.js';
import { LEGACY } from '../../../src/legacy/catalogue.js';
import { report } from '../../../src/main.js';
import { IO, type InStream } from '../../../src/render/io.js';
import { runBm } from '../../helpers/in-process.js';
import { useLibraryVenue } from '../../helpers/library-venue.js';

const v = useLibraryVenue(31, { USDT: '10000000', BTC: '100' });
const home = mkdtempSync(join(tmpdir(), 'bm-precheck-'));
const orders = join(home, 'orders.ndjson');
writeFileSync(orders, '{"side":"buy","type":"limit","size":"0.01","price":"30000"}\n');
const journal = join(home, 'journal.ndjson');
writeFileSync(journal, '');

function env(extra: Record<string, string> = {}): Record<string, string> {
  const c = v.credentials;
  return {
    HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'),
    BM_BASE_URL: v.proxy.url, BM_API_KEY: c.key, BM_API_SECRET: c.secret, BM_API_MEMO: c.memo, ...extra,
  };
}

/** A write as typed, and the request it sends. */
interface Write {
  readonly argv: readonly string[];
  readonly method: string;
  readonly path: string;
}

/** Sample values of the parameters `bm api` needs for a catalogue write. */
const SAMPLE: Readonly<Record<string, string>> = {
  symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '30000',
  contract_id: '1', category: '1', way: '1', open_type: '1', leverage: '10', vol: '1',
  currency: 'USDT', amount: '5', orderId: '1', clientOrderId: 'precheck1',
};
const LINE = '{"side":"buy","type":"limit","size":"0.01","price":"30000"}';
/** The lists of orders a batch takes, typed (`-F`): the spec's lines name their pair, the later ones do not. */
const LISTS: Readonly<Record<string, string>> = { order_params: `[${LINE.replace('{', '{"symbol":"BTC_USDT",')}]`, orderParams: `[${LINE}]` };

function apiWrite(ep: Pick<Endpoint, 'method' | 'path' | 'params'>): Write {
  const fields = ep.params.filter((p) => p.required && !p.local).flatMap((p) => (LISTS[p.name] ? ['-F', `${p.name}=${LISTS[p.name]}`] : ['-f', `${p.name}=${SAMPLE[p.name]}`]));
  return { argv: ['api', ep.method, ep.path, ...fields], method: ep.method, path: ep.path };
}

/** The commands' own writes, by command path: how each is typed for this venue. */
const OWN: Readonly<Record<string, readonly string[]>> = {
  'order place': ['BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '30000', '--max-deviation', 'none'],
  'order cancel': ['BTC_USDT', '--order-id', '1'],
  'order cancel-all': ['BTC_USDT'],
  'order batch': ['BTC_USDT', '--file', orders],
  'contract order': ['--contract-id', '1', '--category', '1', '--way', '1', '--open-type', '1', '--leverage', '10', '--price', '30000', '--vol', '1'],
  'sign-test post': [],
  'legacy order place': ['BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', '30000'],
  'legacy order cancel': ['1'],
  'legacy order cancel-all': ['BTC_USDT', '--side', 'buy'],
};

/** The writes made of the catalogue's writes (no entry of their own), as typed, and the request each sends first. */
const LOCAL: Readonly<Record<string, Write>> = {
  'order amend': { argv: ['order', 'amend', 'BTC_USDT', '--client-order-id', 'precheckAmend1', '--price', '30000'], method: 'POST', path: '/spot/v3/cancel_order' },
};

/** Every write of the CLI: the catalogue's commands that send anything but a GET, those made of them (LOCAL), legacy writes, and `bm api` to every such route and to one the catalogue does not know. */
function writes(): Map<string, Write> {
  const all = new Map<string, Write>();
  for (const ep of catalogue().filter((e) => e.method !== 'GET')) {
    all.set(`api ${ep.method} ${ep.path}`, apiWrite(ep));
    if (!ep.command) continue;
    const path = ep.command.join(' ');
    assert.ok(OWN[path], `the walk has no command line for bm ${path}`);
    all.set(path, { argv: [...ep.command, ...OWN[path]!], method: ep.method, path: ep.path });
  }
  for (const ep of LEGACY.filter((e) => e.write)) {
    const path = `legacy ${ep.command.join(' ')}`;
    assert.ok(OWN[path], `the walk has no command line for bm ${path}`);
    all.set(path, { argv: ['legacy', ...ep.command, ...OWN[path]!], method: ep.method, path: ep.path.replace('{entrust_id}', '1') });
  }
  for (const [path, w] of Object.entries(LOCAL)) all.set(path, w);
  all.set('api POST (not in the catalogue)', apiWrite({ method: 'POST', path: '/spot/v1/not-in-the-catalogue', params: [] }));
  return all;
}

/** A bad value: where it goes, and the name the error must give. */
interface Bad {
  readonly name: string;
  readonly before?: readonly string[];
  readonly after?: readonly string[];
  readonly env?: Record<string, string>;
}

const BAD: readonly Bad[] = [
  { name: '--output', before: ['-o', 'xml'] },
  { name: '--output', after: ['--output=xml'] },
  { name: 'BM_OUTPUT', env: { BM_OUTPUT: 'xml' } },
  { name: '--fields', after: ['--fields', 'nosuchfield'] },
  { name: '--fields', before: ['--json', '--fields', ' , '] },
  { name: '--timeout', before: ['--timeout', 'abc'] },
  { name: '--timeout', after: ['--timeout', '0'] },
  { name: 'BM_TIMEOUT', env: { BM_TIMEOUT: '-1' } },
  { name: 'BM_TIMEOUT', env: { BM_TIMEOUT: '99999999999' } },
  { name: '--color', before: ['--color', 'purple'] },
  { name: 'BM_COLOR', env: { BM_COLOR: 'purple' } },
  { name: 'BM_KEYCHAIN_TIMEOUT', env: { BM_KEYCHAIN_TIMEOUT: 'soon' } },
  { name: 'BM_KEYCHAIN_TIMEOUT', env: { BM_KEYCHAIN_TIMEOUT: '0' } },
  { name: 'BM_BASE_URL', env: { BM_BASE_URL: 'ftp://venue.example' } },
  { name: '--base-url', before: ['--base-url', 'venue.example'] },
];

/** Bad files, for the writes that read or create one. */
const BAD_FILES: Readonly<Record<string, readonly Bad[]>> = {
  'order batch': [
    { name: '--file', after: ['--file', join(home, 'no-such-orders.ndjson')] },
    { name: '--resume', after: ['--resume', join(home, 'no-such-journal.ndjson')] },
    { name: '--journal', after: ['--journal', journal] },
  ],
};

function argvOf(w: Write, bad: Bad): string[] {
  // `--file` given again replaces the command's own (an option given twice is refused).
  const own = bad.after?.[0] === '--file' ? w.argv.slice(0, -2) : w.argv;
  return [...(bad.before ?? []), ...own, '--yes', ...(bad.after ?? [])];
}

test('every write, with each bad option, variable or file: exit 2 naming it, nothing reaches the venue', async () => {
  let runs = 0;
  for (const [command, w] of writes()) {
    for (const bad of [...BAD, ...(BAD_FILES[command] ?? [])]) {
      const argv = argvOf(w, bad);
      const seen = v.proxy.seen.length;
      const r = await runBm(argv, env(bad.env));
      runs++;
      const what = `bm ${argv.join(' ')}${bad.env ? ` with ${JSON.stringify(bad.env)}` : ''}:\n${r.stderr}`;
      assert.equal(r.code, 2, what);
      assert.deepEqual(v.proxy.seen.slice(seen).map((s) => `${s.method} ${s.url}`), [], what);
      const errors = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
      assert.equal(errors.length, 1, what);
      assert.ok(errors[0]!.includes(bad.name), `the error names ${bad.name}: ${what}`);
      assert.equal(r.stdout, '', what);
    }
  }
  assert.ok(runs > 300, `${runs} runs`);
});

test('the same writes with good options reach the venue', async () => {
  for (const [command, w] of writes()) {
    // cancel-all sends nothing to a pair with no open order: it is given one.
    if (command === 'order cancel-all') assert.equal((await runBm(['order', 'place', ...OWN['order place']!, '--yes'], env())).code, 0);
    // amend changes an open order: it is given one.
    if (command === 'order amend') assert.equal((await runBm(['order', 'place', ...OWN['order place']!, '--client-order-id', 'precheckAmend1', '--yes'], env())).code, 0);
    const before = v.proxy.count(w.method, w.path);
    const r = await runBm([...w.argv, '--yes'], env());
    assert.ok(v.proxy.count(w.method, w.path) > before, `bm ${command} sent nothing (exit ${r.code}):\n${r.stderr}`);
  }
});

test('BM_KEYCHAIN_TIMEOUT is checked before the first request of any command, a read too: one line naming it, exit 2; a good value is taken', async () => {
  for (const bad of ['1.5', '-1', '3s', '2147483648']) {
    const seen = v.proxy.seen.length;
    const r = await runBm(['ticker', 'BTC_USDT'], env({ BM_KEYCHAIN_TIMEOUT: bad }));
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stderr, `error: BM_KEYCHAIN_TIMEOUT: must be a whole number of milliseconds from 1 to 2147483647 (got '${bad}')\n`);
    assert.equal(v.proxy.seen.length, seen, bad);
  }
  const ok = await runBm(['ticker', 'BTC_USDT'], env({ BM_KEYCHAIN_TIMEOUT: '2000' }));
  assert.equal(ok.code, 0, ok.stderr);
});

test("a profile's stored output that is not a format: exit 5 naming the profile, nothing reaches the venue", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-precheck-profile-'));
  mkdirSync(join(dir, 'bm'));
  writeFileSync(join(dir, 'bm', 'config.json'), JSON.stringify({ profiles: { p: { venue: 'custom', baseUrl: v.proxy.url, output: 'xml' } } }));
  const { BM_BASE_URL: _, ...rest } = env({ XDG_CONFIG_HOME: dir, BM_PROFILE: 'p' });
  const seen = v.proxy.seen.length;
  const r = await runBm([...writes().get('order place')!.argv, '--yes'], rest);
  assert.equal(r.code, 5, r.stderr);
  assert.match(r.stderr, /^error: profile 'p' output: 'xml' is not a format \(table, json, ndjson, csv, tsv\)$/m);
  assert.equal(v.proxy.seen.length, seen, r.stderr);
  // Given on the command line, a format wins over the stored one, which is then not in force.
  const posts = v.proxy.count('POST', '/spot/v1/test-post');
  const ok = await runBm(['-o', 'json', 'sign-test', 'post'], rest);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(v.proxy.count('POST', '/spot/v1/test-post'), posts + 1);
  // A profile that does not exist is a configuration error before anything is sent, from the variable or the option.
  for (const [argv, extra] of [[[], { BM_PROFILE: 'nosuch' }], [['--profile', 'nosuch'], {}]] as const) {
    const before = v.proxy.seen.length;
    const r2 = await runBm([...argv, ...writes().get('order place')!.argv, '--yes'], env(extra));
    assert.equal(r2.code, 5, r2.stderr);
    assert.match(r2.stderr, /^error: no profile named 'nosuch'$/m);
    assert.equal(v.proxy.seen.length, before, r2.stderr);
  }
});

test('requests that may change the venue are noted as they leave; a usage error after one is exit 1 naming what was proven', async () => {
  const writes = new WriteLog();
  const io = new IO({ write: () => true }, { write: () => true }, new PassThrough() as unknown as InStream, {}, 'never');
  const ctx = new Context(io, { baseUrl: v.proxy.url }, env(), writes);
  const calls = await ctx.calls();
  await calls.send(endpoint('spot.ticker'), [['symbol', 'BTC_USDT']]);
  assert.equal(writes.left, false, 'a read is not a write');
  const refused = usage('--fields: no column here');
  assert.equal(writes.judge(refused), refused, 'before any write, a usage error stays exit 2');
  await calls.send(endpoint('test.post'), [['symbol', 'BTC_USDT'], ['price', '1'], ['count', '1']]);
  assert.equal(writes.left, true, 'a POST the catalogue does not call a read is taken as a write');

  writes.settled('order place: placed (client order id bm1)');
  let err = '';
  const code = report(writes.judge(refused), new IO({ write: () => true }, { write: (s: string) => ((err += s), true) }, new PassThrough() as unknown as InStream, {}, 'never'), false);
  assert.equal(code, 1);
  assert.match(err, /^error: --fields: no column here \(after the write was sent: order place: placed \(client order id bm1\)\)$/m);
  assert.match(err, /^hint: the write is not undone and must not be sent again/m);
  const venue = new BmError('venue', 'rejected');
  assert.equal(writes.judge(venue), venue, 'only a usage error is changed');

  // A write refused while its request is built (a usage error of the call itself) never left.
  const unsent = new WriteLog();
  const client = unsent.watch({ api: { call: async (_ep: { write?: boolean }) => { throw usage('bad parameter'); } } }, (ep) => ep.write === true);
  await assert.rejects(client.api.call({ write: true }), /bad parameter/);
  assert.equal(unsent.left, false);
});

test('the pipeline tells the invocation what it proved', async () => {
  const writes = new WriteLog();
  const io = new IO({ write: () => true }, { write: () => true }, new PassThrough() as unknown as InStream, {}, 'never');
  const ctx = new Context(io, { baseUrl: v.proxy.url, yes: true, quiet: true }, env(), writes);
  const r = await runBm(['order', 'place', ...OWN['order place']!, '--yes', '--client-order-id', 'precheck1'], env());
  assert.equal(r.code, 0, r.stderr);
  const { carefulWrite } = await import('../../../src/core/write/pipeline.js');
  const { currentChannel } = await import('../../../src/commands/write-current.js');
  await carefulWrite(ctx, currentChannel(ctx), { ep: endpoint('spot.order.cancel'), params: [['symbol', 'BTC_USDT'], ['client_order_id', 'precheck1']], command: 'order cancel' });
  assert.deepEqual(writes.proven, ['order cancel: cancelled']);
  assert.equal(writes.left, true);
});
