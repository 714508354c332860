/**
 * `bm record import CSV --symbol PAIR --out FILE`: a CSV of trades made a recording (src/sandbox/replay/
 * csv-import.ts), written line by line (gzip when the name ends in .gz); a row that is not a trade stops
 * it with its line number, and the partial file is removed.
 */
import { createReadStream, createWriteStream, existsSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { cmp, isDecimal } from '../../util/decimal.js';

export interface ImportOptions {
  readonly symbol: string;
  readonly out?: string;
  readonly depth?: string;
  readonly spreadBps?: string;
  readonly levels?: string;
}

export async function importCsv(ctx: Context, csv: string, o: ImportOptions): Promise<void> {
  const [{ csvToRecording, CsvError, DEFAULT_BOOK }, { pairSpec }, { gzipped }] = await Promise.all([
    import('../../sandbox/replay/csv-import.js'), import('../../sandbox/engine/pairs.js'), import('../../sandbox/replay/format.js'),
  ]);
  if (!o.out) throw usage('--out FILE: give the recording to create');
  const out = o.out;
  const symbol = o.symbol.toUpperCase();
  if (!pairSpec(symbol)) throw usage(`--symbol ${o.symbol}: not a pair the sandbox trades (a backtest replays only those)`);
  if (o.depth !== undefined && (!isDecimal(o.depth) || cmp(o.depth, '0') <= 0)) throw usage(`--depth: a size of base above 0 (got ${JSON.stringify(o.depth)})`);
  const spreadBps = o.spreadBps ?? DEFAULT_BOOK.spreadBps;
  if (!isDecimal(spreadBps) || cmp(spreadBps, '0') <= 0) throw usage(`--spread-bps: basis points above 0 (got ${JSON.stringify(o.spreadBps)})`);
  const levels = o.levels === undefined ? DEFAULT_BOOK.levels : Number(o.levels);
  if (!Number.isInteger(levels) || levels < 1 || levels > 50) throw usage(`--levels: a whole number from 1 to 50 (got ${JSON.stringify(o.levels)})`);
  if (!existsSync(csv)) throw usage(`${csv}: no such file`);
  if (existsSync(out)) throw usage(`--out ${out}: the file exists (it is never overwritten)`);
  if (ctx.globals.dryRun) {
    ctx.io.out(`would write ${out} from ${csv} (${symbol}); nothing written\n`);
    return;
  }
  const file = createWriteStream(out, { flags: 'wx' });
  const gz = gzipped(out) ? createGzip() : undefined;
  if (gz) gz.pipe(file);
  const sink = gz ?? file;
  const lines = createInterface({ input: createReadStream(csv), crlfDelay: Infinity });
  let written = 0;
  try {
    for await (const line of csvToRecording(lines, symbol, csv, { ...(o.depth ? { depth: o.depth } : {}), spreadBps, levels })) {
      written++;
      if (!sink.write(line)) await once(sink, 'drain');
    }
    sink.end();
    await once(file, 'close');
  } catch (err) {
    sink.destroy();
    file.destroy();
    rmSync(out, { force: true });
    if (err instanceof CsvError) throw new BmError('usage', `${csv}: ${err.message}: nothing written`);
    throw err;
  }
  // The header, then two lines a trade: its book, then the trade.
  const trades = (written - 1) / 2;
  ctx.io.out(`${out}: ${trades} trades of ${symbol}, each after its synthetic book (${levels} levels a side, ${spreadBps} bps apart, ${o.depth ?? 'the trade\'s size'} a level)\n`);
}
