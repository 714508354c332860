/**
 * Recordings made for tests from rows of trades, as `bm record import` makes them (each trade after the
 * synthetic book it implies), written to a file of the run's temporary folder; and a backtest over one.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvToRecording, type SyntheticBook } from '../../src/sandbox/replay/csv-import.js';
import { backtest, type BacktestOptions, type BacktestResult } from '../../src/bot/backtest/run.js';
import { loadBot } from '../../src/bot/load.js';

/** One trade: seconds from the start, price, size, the taker's side. */
export type Row = readonly [sec: number, price: string, size: string, side: 'buy' | 'sell'];

/** Noon of 2026-11-01, UTC: the recordings' start (ms). */
export const T0 = Date.UTC(2026, 10, 1, 12);

const dir = mkdtempSync(join(tmpdir(), 'bm-recordings-'));
let n = 0;

/** The CSV text of `rows` (a header first). */
export function csvOf(rows: readonly Row[]): string {
  return ['time,price,size,side', ...rows.map(([s, p, q, side]) => `${T0 + s * 1000},${p},${q},${side}`)].join('\n') + '\n';
}

/** A recording of `rows` of `symbol` with the synthetic book `book`; its path. */
export async function recordingOf(rows: readonly Row[], book: SyntheticBook, symbol = 'BTC_USDT'): Promise<string> {
  async function* lines() {
    yield* csvOf(rows).split('\n');
  }
  let text = '';
  for await (const l of csvToRecording(lines(), symbol, 'test.csv', book)) text += l;
  const path = join(dir, `rec-${++n}.ndjson`);
  writeFileSync(path, text);
  return path;
}

/** A file of the run's temporary folder with `text`; its path. */
export function fileOf(name: string, text: string): string {
  const path = join(dir, `${++n}-${name}`);
  writeFileSync(path, text);
  return path;
}

/** A backtest of the bot at `botPath` over the recording at `recording`; the caches in the temporary folder. */
export async function backtestOf(botPath: string, recording: string, o: Partial<BacktestOptions> = {}): Promise<BacktestResult> {
  return backtest({
    botFile: botPath, bot: await loadBot(botPath), params: {}, data: { recording }, seed: 1, balance: { USDT: '10000' },
    env: { ...process.env, XDG_CACHE_HOME: join(dir, 'cache'), XDG_STATE_HOME: join(dir, 'state') }, keepTrades: true, wall: () => 0, ...o,
  });
}
