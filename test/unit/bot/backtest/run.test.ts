// A backtest as a whole: the same recording, bot and params give the same report byte for byte (but its
// `run` section); the bot never sees a push before its time; a recording cut short or malformed is
// refused naming its line, and the bot never runs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BmError } from '../../../../src/errors.js';
import { backtestOf, fileOf, recordingOf, T0, type Row } from '../../../helpers/recording-rows.js';

const BOTS = join(import.meta.dirname, '../../../../examples/bots');
/** Seconds and prices of a market that goes down and up twice. */
const WAVE: Row[] = Array.from({ length: 120 }, (_, i) => [i, (100 + 2 * Math.sin(i / 10)).toFixed(2), '0.3', i % 2 ? 'buy' : 'sell'] as const);

test('two runs of the same recording, bot and params give byte-identical reports but for their run section', async () => {
  const rec = await recordingOf(WAVE, { spreadBps: '2', levels: 5, depth: '0.1' });
  const run = async (ms: number) => (await backtestOf(join(BOTS, 'grid.mjs'), rec, { params: { levels: '2', step: '1' }, wall: (() => { let t = 0; return () => (t += ms); })() })).report;
  const [a, b] = [await run(1), await run(7)];
  assert.ok(a.total.fills >= 4, `the grid traded (${a.total.fills} fills)`);
  assert.notDeepEqual(a.run, b.run);
  assert.equal(JSON.stringify({ ...a, run: undefined }), JSON.stringify({ ...b, run: undefined }));
});

test('the bot sees each recorded trade from its own time on, never before', async () => {
  // Trades at uneven times: 0, 0.7, 1.3, 2.5, 2.5, 4.0, 6.9 s.
  const at = [0, 0.7, 1.3, 2.5, 2.5, 4, 6.9];
  const rows: Row[] = at.map((s, i) => [s, String(100 + i), '0.01', 'sell']);
  const watcher = fileOf('watcher.mjs', `
export default async function ({ client, clock, log }) {
  for await (const now of clock.every(500)) {
    const [latest] = (await client.trades({ symbol: 'BTC_USDT' })).trades;
    log(\`\${now - ${T0}} \${latest.order_time - ${T0}} \${latest.price}\`);
  }
}
`);
  const r = await backtestOf(watcher, await recordingOf(rows, { spreadBps: '2', levels: 1, depth: '1' }));
  assert.equal(r.error, undefined, r.error);
  const looks = r.report.log.filter((l) => /Z -?\d+ /.test(l)).map((l) => l.split(' ').slice(1).map(Number));
  assert.equal(looks.length, 14, 'a look every 0.5 s from 0 to 6.5 s');
  for (const [now, seen, price] of looks) {
    // The newest trade recorded at or before the look, and none recorded after it.
    const due = rows.filter(([s]) => s * 1000 <= now!);
    const newest = due[due.length - 1]!;
    assert.deepEqual([seen, price], [newest[0] * 1000, Number(newest[1])], `at ${now} ms`);
  }
});

test('a recording cut short or with a malformed line is refused naming its line, and the bot never runs', async () => {
  const good = readFileSync(await recordingOf(WAVE.slice(0, 5), { spreadBps: '2', levels: 1, depth: '1' }), 'utf8');
  const lines = good.split('\n');
  const cut = fileOf('cut.ndjson', good.slice(0, good.length - 20));
  const bad = fileOf('bad.ndjson', [...lines.slice(0, 4), '{"t":"soon","raw":"x"}', ...lines.slice(4)].join('\n'));
  const ran = fileOf('ran.txt', '');
  const bot = fileOf('marks.mjs', `import { writeFileSync } from 'node:fs';\nexport default async function () { writeFileSync(${JSON.stringify(ran)}, 'ran'); }\n`);
  for (const [file, line] of [[cut, /line 11 is cut short/], [bad, /line 5 is not a recorded event/]] as const) {
    await assert.rejects(backtestOf(bot, file), (e: unknown) => e instanceof BmError && e.category === 'config' && line.test(e.message) && /nothing was run/.test(e.message));
  }
  assert.equal(readFileSync(ran, 'utf8'), '');
});

test('--from and --to: the pushes before the start are applied before the bot starts; the market stops at the end', async () => {
  const rows: Row[] = [[0, '100', '0.01', 'sell'], [5, '101', '0.01', 'buy'], [12, '102', '0.01', 'buy'], [20, '103', '0.01', 'buy']];
  const looker = fileOf('looker.mjs', `
export default async function ({ client, clock, log }) {
  for await (const now of clock.every(4000)) log(\`\${(now - ${T0}) / 1000} \${(await client.ticker({ symbol: 'BTC_USDT' })).tickers[0].last_price}\`);
}
`);
  const r = await backtestOf(looker, await recordingOf(rows, { spreadBps: '2', levels: 1, depth: '1' }), { from: T0 + 6000, to: T0 + 14_999 });
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r.report.log.filter((l) => /Z \d+ /.test(l)).map((l) => l.split(' ').slice(1).join(' ')), ['6 101.00', '10 101.00', '14 102.00']);
  assert.deepEqual([r.report.data.from, r.report.data.to], ['2026-11-01T12:00:06.000Z', '2026-11-01T12:00:14.999Z']);
});
