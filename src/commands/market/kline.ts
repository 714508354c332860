/**
 * `bm kline`: times in any form users type; ranges beyond one request's candles fetched in pages
 * and merged with no gap or repeat; a progress line on stderr for long ranges; `--chart` draws them.
 * The first candle is the bucket that contains `--from`, as the venue sends it.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { usage } from '../../errors.js';
import type { Row } from '../../render/cells.js';
import { scalarText } from '../../util/json.js';
import { send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { candleRange } from '../../core/usecases/params.js';

/** The most candles one request may ask for (spec 8.2: more gives 50004). */
export const PAGE = PROTOCOL.candlesPerRequest;

/** [from, to] pages (epoch seconds, inclusive) of at most {@link PAGE} candles of `stepSec`. */
export function pages(from: number, to: number, stepSec: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let a = from; a <= to; a += PAGE * stepSec) out.push([a, Math.min(to, a + (PAGE - 1) * stepSec)]);
  return out;
}

/** True when a candle starting at `t` (seconds) belongs to [from, to]: its bucket holds a second of the range. */
export function inRange(t: number, from: number, to: number, stepSec: number): boolean {
  return t + stepSec > from && t <= to;
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  if (inv.opts.chart && (ctx.globals.output !== undefined || ctx.globals.json)) {
    throw usage('--chart draws on the terminal and takes no -o/--json: leave one of them out');
  }
  const symbol = checkSymbol(values.symbol ?? '');
  const { step, from, to } = candleRange(ep, { from: values.from || undefined, to: values.to || undefined, step: values.step || undefined }, { from: '--from', to: '--to', step: '--step' });
  const stepSec = step * 60;
  const chunks = pages(from, to, stepSec);
  const byTime = new Map<string, Row>();
  const progress = chunks.length > 2 && !ctx.globals.quiet && !ctx.globals.dryRun;
  for (const [i, [a, b]] of chunks.entries()) {
    if (progress) ctx.io.err(`${ctx.io.stderr.isTTY ? '\r' : ''}fetching candles: page ${i + 1}/${chunks.length}${ctx.io.stderr.isTTY ? '' : '\n'}`);
    const data = (await send(ctx, ep, [['symbol', symbol], ['from', a], ['to', b], ['step', step]])) as { klines?: Row[] } | undefined;
    if (data === undefined) continue;
    for (const k of data.klines ?? []) {
      if (inRange(Number(scalarText(k.timestamp)), from, to, stepSec)) byTime.set(scalarText(k.timestamp), k);
    }
  }
  if (progress && ctx.io.stderr.isTTY) ctx.io.err('\n');
  if (ctx.globals.dryRun) return;
  const rows = [...byTime.values()].sort((x, y) => Number(scalarText(x.timestamp)) - Number(scalarText(y.timestamp)));
  if (inv.opts.chart) {
    const { chart } = await import('./chart.js');
    ctx.io.out(chart(rows, { width: ctx.io.columns, height: 20, color: ctx.io.color }));
    return;
  }
  show(ctx, ep, { klines: rows }, { rows });
}
