/**
 * A k-line request's range, the same for `bm kline` and the library: times as users type them, the
 * end `now` unless given, the start 100 candles before the end unless given (the catalogue's defaults).
 */
import type { Endpoint } from '../api/catalogue/types.js';
import { usage } from '../errors.js';
import { parseTime } from '../config/time.js';
import { checkWidth, typedDefault } from './params.js';

/** Candles a range covers when no start is given. */
export const CANDLES_BY_DEFAULT = 100;

/** A typed range of candles: the step in minutes, from and to in epoch seconds (inclusive). */
export interface CandleRange {
  readonly step: number;
  readonly from: number;
  readonly to: number;
}

/** Names of the range's inputs in messages (`--from` on the command line, `from` in the library). */
export interface RangeNames {
  readonly from: string;
  readonly to: string;
  readonly step: string;
}

/** The range of `ep` (spot.kline) from typed from, to and step, each optional; `now` in ms. A start after the end is a usage error. */
export function candleRange(ep: Endpoint, typed: { readonly from?: string; readonly to?: string; readonly step?: string }, names: RangeNames, now = Date.now()): CandleRange {
  const param = (name: string) => ep.params.find((p) => p.name === name)!;
  const stepParam = param('step');
  const step = checkWidth(typed.step ?? typedDefault(stepParam)!, names.step, stepParam.values!.map(Number));
  const to = parseTime(typed.to ?? typedDefault(param('to'))!, names.to, now);
  const from = typed.from !== undefined ? parseTime(typed.from, names.from, now) : to - CANDLES_BY_DEFAULT * step * 60;
  if (from > to) throw usage(`${names.from} (${from}) is after ${names.to} (${to})`);
  return { step, from, to };
}
