/**
 * The candle width of `bm trade --step`, read by the catalogue's one candle-width parser. Only widths
 * that both the REST candles and the kline stream serve are allowed (the stream's are a subset).
 */
import { WS_KLINE_WIDTHS, wsInterval, type KlineInterval } from '../../api/catalogue/channels.js';
import { checkWidth } from '../../core/usecases/params.js';

export interface CandleStep {
  readonly minutes: number;
  /** The kline channel's name for it (`1m`, `1H`, `1D`...). */
  readonly interval: KlineInterval;
}

/** `1m`, `5m`, `1h`, `4h`, `1d`, `1w`, `1M` (a month) or minutes, checked. */
export function candleStep(text: string): CandleStep {
  const minutes = checkWidth(text, '--step', WS_KLINE_WIDTHS);
  return { minutes, interval: wsInterval(minutes)! };
}
