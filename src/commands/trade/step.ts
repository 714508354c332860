/**
 * The candle width of `bm trade --step`: one function, so the catalogue's own candle-width parser can
 * take its place. Only widths that both the REST candles and the kline stream serve are allowed.
 */
import { KLINE_INTERVALS, KLINE_MINUTES, type KlineInterval } from '../../api/catalogue/channels.js';
import { usage } from '../../errors.js';
import { parseStep } from '../../util/time.js';

export interface CandleStep {
  readonly minutes: number;
  /** The kline channel's name for it (`1m`, `1H`, `1D`...). */
  readonly interval: KlineInterval;
}

/** Minutes of every width the stream serves (the REST steps include all of them). */
const SERVED = KLINE_INTERVALS.map((i) => String(KLINE_MINUTES[i]));

/** `1m`, `5m`, `1h`, `4h`, `1d`, `1w`, `1M` (a month) or minutes, checked. */
export function candleStep(text: string): CandleStep {
  // `M` is a month on the stream; the shared step reader is case-blind and would read a minute.
  const minutes = /^[0-9]+M$/.test(text.trim()) ? Number(text.trim().slice(0, -1)) * 43200 : parseStepOrExplain(text);
  const interval = KLINE_INTERVALS.find((i) => KLINE_MINUTES[i] === minutes);
  if (!interval) throw stepError(text);
  return { minutes, interval };
}

function parseStepOrExplain(text: string): number {
  try {
    return parseStep(text, SERVED);
  } catch {
    throw stepError(text);
  }
}

function stepError(text: string) {
  return usage(`--step: '${text}' is not a candle width the stream serves (allowed: ${KLINE_INTERVALS.join(', ')}; or minutes: ${SERVED.join(', ')})`);
}
