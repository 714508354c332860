/**
 * Record and replay: `bm record` (run in this process) records the sandbox's own streams over loopback;
 * a fresh sandbox replays the file on an injected clock, stepped through the recording's own times;
 * the same trades come out in order, the book follows every recorded book, a user order matches
 * against the replayed book, two replays give the same pushes, gzip round-trips, bad files exit 5.
 * A recording ended by a real SIGTERM is in record-signal.test.ts, on the binary.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { isolatedEnv, sleep, until, type Result } from '../helpers/bm.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { call, newAccount } from '../helpers/signed.js';
import { isPush, rawClient, type RawClient } from '../helpers/ws-client.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { readRecording, type Recording } from '../../src/sandbox/replay/recording.js';
import { add, mul, norm } from '../../src/util/decimal.js';

type Entry = Record<string, unknown>;
const SYM = 'BTC_USDT';
const SPEED = 2;
const dir = mkdtempSync(join(tmpdir(), 'bm-replay-'));
const plain = join(dir, 'rec.ndjson');
const zipped = join(dir, 'rec.ndjson.gz');
let source: RunningSandbox;
let rec: Recording;

/** Entries of every push of `table` (for SYM) in the recording, in order, with the line's index. */
function recorded(table: string): Array<{ line: number; entry: Entry }> {
  const out: Array<{ line: number; entry: Entry }> = [];
  rec.events.forEach((e, line) => {
    const m = JSON.parse(e.raw) as { table: string; data: Entry[] };
    if (m.table === table) for (const entry of m.data) if (entry.symbol === SYM) out.push({ line, entry });
  });
  return out;
}

const pushes = (c: RawClient, table: string): Entry[][] =>
  c.got.flatMap((r) => (r.frame.kind === 'push' && r.frame.table === table ? [r.frame.data as Entry[]] : []));
const book = (e: Entry) => ({ asks: e.asks, bids: e.bids });

/** The recording's pushes grouped by the time they are due in a replay started at `start`, in order. */
function dueSteps(start: number): Array<{ due: number; lines: number[] }> {
  const t0 = rec.events[0]!.t;
  const steps: Array<{ due: number; lines: number[] }> = [];
  rec.events.forEach((e, line) => {
    const due = start + Math.round((e.t - t0) / SPEED);
    if (steps.at(-1)?.due === due) steps.at(-1)!.lines.push(line);
    else steps.push({ due, lines: [line] });
  });
  return steps;
}

interface Replayed {
  readonly server: RunningSandbox;
  readonly client: RawClient;
  /** The exchange clock, ms; set by the test. */
  now: number;
  readonly start: number;
}

/** Replays `path` on an injected clock starting at `start`, stepping it to each recorded push's due time; after a depth push of SYM, waits for its push. */
async function replay(path: string, start = Date.now()): Promise<Replayed> {
  const r = { now: start, start } as Replayed;
  const server = await startServer({ port: 0, replay: { path, speed: SPEED }, clock: () => r.now, log: () => {} });
  const client = await rawClient(`${server.url.replace('http', 'ws')}/api`);
  Object.assign(r, { server, client });
  // A replay that fails is closed at once: the file then ends red instead of waiting for the runner's timeout.
  return follow(r).catch(async (e: unknown) => {
    client.ws.close();
    await server.close();
    throw e;
  });
}

/** Subscribes to the replay and steps its clock through the recording, checking each book pushed. */
async function follow(r: Replayed): Promise<Replayed> {
  const { client, start } = r;
  client.send({ op: 'subscribe', args: [`spot/trade:${SYM}`, `spot/depth20:${SYM}`] });
  await until(() => pushes(client, 'spot/trade').length > 0 && pushes(client, 'spot/depth20').length > 0, 'the first pushes');
  // Steps: the recorded pushes grouped by due time; the pushes due at the start are applied before any subscriber.
  const steps = dueSteps(start);
  const books = new Map(recorded('spot/depth20').map((d) => [d.line, book(d.entry)]));
  const bookOf = (lines: readonly number[]) => lines.filter((l) => books.has(l)).map((l) => books.get(l)!).at(-1);
  assert.deepEqual(book(pushes(client, 'spot/depth20')[0]![0]!), bookOf(steps[0]!.lines) ?? { asks: [], bids: [] });
  for (const step of steps.slice(1)) {
    const from = client.got.length;
    r.now = step.due;
    const want = bookOf(step.lines);
    if (!want) continue;
    // Woken by the frame itself, not by polling: a replay has dozens of steps.
    await client.next(isPush('spot/depth20'), 15_000, from).catch((e: Error) => {
      throw new Error(`the depth push of line ${step.lines.at(-1)! + 2}: ${e.message}`);
    });
    assert.deepEqual(book(pushes(client, 'spot/depth20').at(-1)![0]!), want, `lines ${step.lines.map((l) => l + 2).join(',')}`);
  }
  const count = recorded('spot/trade').length;
  await until(() => pushes(client, 'spot/trade').flat().length >= count, `${count} trades`);
  return r;
}

/**
 * `bm sandbox serve ARGS` run in this process, its stdout read as it is written (serve ends only on a
 * signal); resolves once it listens. `stop` sends the run its SIGTERM and resolves with how it ended.
 */
async function serveInProcess(args: readonly string[], env: Record<string, string>): Promise<{ url: string; stop: () => Promise<Result> }> {
  let listening!: (url: string) => void;
  const url = new Promise<string>((ok) => (listening = ok));
  const signals = new EventEmitter();
  const onStdout = (_: string, all: string) => {
    const m = /listening (http:\/\/\S+)/.exec(all);
    if (m) listening(m[1]!);
  };
  const ended = runCli(['sandbox', 'serve', '--port', '0', '--strict', '--warm-up', '0', ...args], { env, signals, onStdout });
  const first = await Promise.race([url, ended]);
  if (typeof first !== 'string') throw new Error(`sandbox serve ended before listening (exit ${first.code}): ${first.stderr}`);
  return { url: first, stop: () => (signals.emit('SIGTERM'), ended) };
}

describe('record and replay', () => {
  before(async () => {
    source = await startServer({ port: 0, seed: 5, log: () => {} });
    const ws = source.url.replace('http', 'ws');
    const env = isolatedEnv();
    const args = ['--base-url', source.url, '--ws-url', ws, 'record', SYM, 'eth_usdt', '--channels', 'trade,depth20', '--duration', '3'];
    // Two recordings at once in one process: neither may see the other's state.
    const [a, b] = await Promise.all([runBm([...args, '--out', plain], env), runBm([...args, '--out', zipped], env)]);
    for (const r of [a, b]) {
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^recorded [1-9][0-9]* events, [1-9][0-9]* bytes, 0:00:0[3-9] to .*rec\.ndjson(\.gz)?\n$/m);
    }
    rec = await readRecording(plain);
  });
  after(async () => {
    await source.close();
  });

  test('the file is a header, then one line per push with its receive time and its text as received', () => {
    const lines = readFileSync(plain, 'utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!);
    assert.deepEqual(header.topics, ['spot/trade:BTC_USDT', 'spot/depth20:BTC_USDT', 'spot/trade:ETH_USDT', 'spot/depth20:ETH_USDT']);
    assert.equal(header.format, 'bm-recording');
    assert.equal(lines.length, rec.events.length + 1);
    for (const l of lines.slice(1)) {
      const e = JSON.parse(l);
      assert.deepEqual(Object.keys(e), ['t', 'raw']);
      assert.match(e.raw, /^\{"table":"spot\/(trade|depth20)","data":\[/);
    }
    assert.ok(recorded('spot/trade').length > 20, 'the sandbox traded while recording');
    // A book of each pair at least (the snapshot on subscribing); how many more depends on how busy the machine is.
    assert.ok(recorded('spot/depth20').length >= 2, 'books were recorded');
  });

  test('gzip round trip: the .gz file is gzip and reads as a recording of the same streams', async () => {
    const bytes = readFileSync(zipped);
    assert.deepEqual([bytes[0], bytes[1]], [0x1f, 0x8b]);
    const z = await readRecording(zipped);
    assert.deepEqual(z.header.topics, rec.header.topics);
    // How many pushes came in three seconds depends on how busy the machine is; the book of each pair came
    // on subscribing, and every line is a push of the topics recorded, as received.
    const pushed = z.events.map((e) => JSON.parse(e.raw) as { table: string; data: Array<{ symbol: string; asks?: unknown[] }> });
    for (const m of pushed) assert.ok(['spot/trade', 'spot/depth20'].includes(m.table) && m.data.every((d) => ['BTC_USDT', 'ETH_USDT'].includes(d.symbol)), JSON.stringify(m));
    const books = pushed.filter((m) => m.table === 'spot/depth20').flatMap((m) => m.data);
    assert.deepEqual([...new Set(books.map((b) => b.symbol))].sort(), ['BTC_USDT', 'ETH_USDT']);
    assert.ok(books.every((b) => Array.isArray(b.asks) && b.asks.length > 0), 'each book has its asks');
  });

  describe('a replay', () => {
    let first: Replayed;
    before(async () => {
      first = await replay(plain);
    });
    after(async () => {
      // A replay that failed closed itself.
      if (!first) return;
      first.client.ws.close();
      await first.server.close();
    });

    test('gives the recorded trades in order, each at its recorded time scaled by the speed', () => {
      const want = recorded('spot/trade');
      const got = pushes(first.client, 'spot/trade').flat();
      const fields = (e: Entry) => [e.price, e.size, e.side];
      assert.deepEqual(got.map(fields), want.map((w) => fields(w.entry)));
      const t0 = rec.events[0]!.t;
      assert.deepEqual(got.map((e) => e.ms_t), want.map((w) => first.start + Math.round((rec.events[w.line]!.t - t0) / SPEED)));
    });

    test('a user order matches against the replayed book as the book says', async () => {
      const last = recorded('spot/depth20').at(-1)!.entry as { asks: string[][] };
      const [[p1, s1], [p2, s2], [p3]] = last.asks as [[string, string], [string, string], [string]];
      const base = first.server.url;
      const acct = await newAccount(base, { deposit: { USDT: '10000000' } });
      const ts = () => String(first.now);
      const size = norm(add(s1, s2));
      const r = await call(base, 'POST', '/spot/v2/submit_order', { creds: acct, timestamp: ts(), body: { symbol: SYM, side: 'buy', type: 'limit', price: p2, size } });
      assert.equal(r.json?.code, 1000, r.text);
      const id = r.json.data.order_id.raw ?? String(r.json.data.order_id);
      const o = await call(base, 'GET', '/spot/v1/order_detail', { creds: acct, auth: 'KEYED', timestamp: ts(), query: `symbol=${SYM}&order_id=${id}` });
      assert.equal(o.json?.code, 1000, o.text);
      assert.deepEqual([o.json.data.status, o.json.data.filled_size], ['6', size]);
      assert.equal(norm(o.json.data.filled_notional), norm(add(mul(p1, s1), mul(p2, s2))));
      // Both levels are gone from the book, and the trades went out on the stream at the levels' prices.
      await until(() => book(pushes(first.client, 'spot/depth20').at(-1)![0]!).asks !== undefined && (pushes(first.client, 'spot/depth20').at(-1)![0]!.asks as string[][])[0]![0] === p3, 'the book without the two levels');
      await until(() => pushes(first.client, 'spot/trade').flat().length >= recorded('spot/trade').length + 2, 'the user trades');
      const mine = pushes(first.client, 'spot/trade').flat().slice(-2);
      assert.deepEqual(mine.map((e) => [e.price, e.size, e.side]), [[p1, s1, 'buy'], [p2, s2, 'buy']]);
    });

    test('a second replay of the same file at the same speed gives the same pushes', async () => {
      const second = await replay(plain, first.start);
      try {
        // Started at the same clock time: the same pushes, times included (the first replay's before its user order).
        const trades = pushes(first.client, 'spot/trade').flat().slice(0, recorded('spot/trade').length);
        assert.deepEqual(pushes(second.client, 'spot/trade').flat(), trades);
        const depths = (r: Replayed) => pushes(r.client, 'spot/depth20').map((d) => d[0]);
        assert.deepEqual(depths(second), depths(first).slice(0, depths(second).length));
        const withBook = new Set(recorded('spot/depth20').map((d) => d.line));
        assert.equal(depths(second).length, dueSteps(second.start).slice(1).filter((st) => st.lines.some((l) => withBook.has(l))).length + 1);
      } finally {
        second.client.ws.close();
        await second.server.close();
      }
    });
  });

  test('bm sandbox serve --replay serves the recorded trades over REST; SIGTERM stops it with exit 0', async () => {
    const s = await serveInProcess(['--replay', zipped, '--speed', '1000'], isolatedEnv());
    let ended: Result | undefined;
    try {
      const z = await readRecording(zipped);
      const want = z.events.flatMap((e) => (JSON.parse(e.raw) as { table: string; data: Entry[] }).data.filter((d) => d.symbol === SYM && d.price && !d.asks));
      let got: Entry[] = [];
      const enough = () => got.length >= Math.min(want.length, 50);
      for (const end = Date.now() + 15_000; !enough() && Date.now() < end; await sleep(100)) {
        got = (await call(s.url, 'GET', '/spot/v1/symbols/trades', { query: `symbol=${SYM}` })).json.data.trades;
      }
      const n = Math.min(want.length, got.length);
      assert.ok(n >= 20, `${n} trades`);
      assert.deepEqual(got.slice(0, n).map((t) => [t.price, t.count, t.type]), want.slice(-n).reverse().map((t) => [t.price, t.size, t.side]));
    } finally {
      ended = await s.stop();
    }
    assert.equal(ended.code, 0, ended.stderr);
  });

  test('a gzip bomb, a cut gzip and a time going back exit 5 naming the file, the line and what is wrong', async () => {
    const env = isolatedEnv();
    const lines = readFileSync(plain, 'utf8').split('\n');
    const [header, first, second] = [lines[0]!, lines[1]!, lines[2]!];
    const t = JSON.parse(first).t as number;
    const whole = Buffer.from(`${header}\n${first}\n${second}\n`);
    const gz = gzipSync(whole);
    const cases: Record<string, [Buffer, RegExp]> = {
      // 17 MiB of blanks in one line: over the 16 MiB cap, about 17 KiB on disk.
      'bomb.gz': [Buffer.concat([gzipSync(`${header}\n`), gzipSync(Buffer.alloc(17 * 1024 * 1024, 32), { level: 9 })]), /: line 2 is longer than 16 MiB decompressed \(the cap on one line\)/],
      'cut.gz': [gz.subarray(0, gz.length - 5), /: the gzip stream ends early after line 3 \(unexpected end of file\): the file was cut short\nhint: keep its whole lines with: gzip -dc \S+cut\.gz \| head -n 3 > part\.ndjson/],
      'back.ndjson': [Buffer.from(`${header}\n${first}\n${JSON.stringify({ t: t - 1, raw: '{}' })}\n`), new RegExp(`: line 3 goes back in time: its t ${t - 1} is earlier than ${t}`)],
    };
    for (const [name, [body, what]] of Object.entries(cases)) {
      const path = join(dir, name);
      writeFileSync(path, body);
      const r = await runBm(['sandbox', 'serve', '--port', '0', '--replay', path], env);
      assert.equal(r.code, 5, `${name}: ${r.stderr}`);
      assert.ok(r.stderr.startsWith(`error: ${path}: `), r.stderr);
      assert.match(r.stderr, what);
      assert.doesNotMatch(r.stderr, /bug/);
      assert.equal(r.stdout, '', 'never listened');
    }
  });

  test('a file that is not a recording exits 5 naming it; bad options exit 2', async () => {
    const env = isolatedEnv();
    const files: Record<string, string | Buffer> = {
      'notes.txt': 'hello\n',
      'empty.ndjson': '',
      'array.ndjson': '[1,2]\n',
      'wrong.ndjson': `${readFileSync(plain, 'utf8').split('\n')[0]}\n{"t":"x","raw":1}\n`,
      'newer.ndjson': '{"format":"bm-recording","version":99,"venue":"ws://x","topics":[],"started":1}\n',
      'broken.gz': gzipSync('x').subarray(0, 8),
    };
    for (const [name, body] of Object.entries(files)) {
      const path = join(dir, name);
      writeFileSync(path, body);
      const r = await runBm(['sandbox', 'serve', '--port', '0', '--replay', path], env);
      assert.equal(r.code, 5, `${name}: ${r.stderr}`);
      assert.ok(r.stderr.includes(path), r.stderr);
      assert.match(r.stderr, /hint: give a file written by: bm record/);
    }
    const missing = await runBm(['sandbox', 'serve', '--replay', join(dir, 'nope.ndjson')], env);
    assert.equal(missing.code, 5, missing.stderr);
    const usage: string[][] = [
      ['sandbox', 'serve', '--replay', plain, '--speed', '0'],
      ['sandbox', 'serve', '--replay', plain, '--speed', 'fast'],
      ['sandbox', 'serve', '--replay', plain, '--speed', '-1'],
      ['sandbox', 'serve', '--speed', '2'],
      ['sandbox', 'serve', '--replay', plain, '--state', join(dir, 's.json')],
      ['record', SYM, '--channels', 'depth7', '--out', join(dir, 'x')],
      ['record', SYM, '--channels', 'kline2m', '--out', join(dir, 'x')],
      ['record', SYM, '--channels', 'user/order', '--out', join(dir, 'x')],
      ['record', SYM, '--channels', ',', '--out', join(dir, 'x')],
      ['record', SYM, '--duration', '0', '--out', join(dir, 'x')],
      ['record', SYM, '--duration', 'soon', '--out', join(dir, 'x')],
      ['record', 'BTCUSDT', '--out', join(dir, 'x')],
      ['record', SYM],
      ['--json', 'record', SYM, '--out', join(dir, 'x')],
      ['record', SYM, '--out', plain],
    ];
    for (const args of usage) {
      const r = await runBm(args, env);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^error: /);
    }
    // Nothing was started or written for them; --dry-run says what it would record and writes nothing.
    const dry = await runBm(['--dry-run', '--ws-url', 'ws://127.0.0.1:9', 'record', 'btc_usdt', '--channels', 'trade,kline1h', '--out', join(dir, 'x')], env);
    assert.equal(dry.code, 0, dry.stderr);
    assert.equal(dry.stdout, `would record spot/trade:BTC_USDT spot/kline1H:BTC_USDT from ws://127.0.0.1:9/api?protocol=1.1 to ${join(dir, 'x')}\n`);
    assert.ok(!existsSync(join(dir, 'x')));
    assert.equal(JSON.parse((await runBm(['sandbox', 'status', '--json'], env)).stdout).running, false);
  });
});
