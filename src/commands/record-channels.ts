/** `bm record --channels`: the public channels as typed, turned into the topics to subscribe. */
import { CHANNEL, DEPTH_LEVELS, topicOf, WS_KLINE_WIDTHS, wsInterval } from '../api/catalogue/channels.js';
import { parseWidth, widthWord } from '../api/catalogue/widths.js';
import { usage } from '../errors.js';

const INTERVALS = WS_KLINE_WIDTHS.map(widthWord);

/** What is recorded without --channels: what a replay drives the market from. */
export const DEFAULT_CHANNELS = 'trade,depth50';

/** The words --channels takes (kline with any streamed width, e.g. kline1m, kline4h). */
export const CHANNEL_WORDS: readonly string[] = ['ticker', 'trade', ...DEPTH_LEVELS.map((n) => `depth${n}`), 'increase100', ...INTERVALS.map((i) => `kline${i}`)];

/** The channel (`spot/...`) of one typed word; a usage error naming the allowed ones otherwise. */
export function channelOf(word: string): string {
  const w = word.trim().replace(/^spot\//, '');
  const allowed = `allowed: ticker, trade, ${DEPTH_LEVELS.map((n) => `depth${n}`).join(', ')}, increase100, kline<width> such as kline1m or kline4h`;
  if (w === 'ticker') return CHANNEL.ticker;
  if (w === 'trade' || w === 'trades') return CHANNEL.trade;
  if (w === 'increase100' || w === 'depth/increase100') return CHANNEL.increase;
  const depth = DEPTH_LEVELS.find((n) => w === `depth${n}`);
  if (depth !== undefined) return CHANNEL.depth(depth);
  const kline = /^kline(.+)$/.exec(w);
  if (kline) {
    const minutes = parseWidth(kline[1]!);
    const interval = minutes === undefined ? undefined : wsInterval(minutes);
    if (interval) return CHANNEL.kline(interval);
    throw usage(`--channels: '${word}' is not a streamed candle width (widths: ${INTERVALS.join(', ')}${minutes ? `; got ${widthWord(minutes)}` : ''})`);
  }
  throw usage(`--channels: '${word}' is not a public channel (${allowed})`);
}

/** The topics of `symbols` x the channels of a comma-separated list, without repeats. */
export function topicsOf(symbols: readonly string[], list: string): string[] {
  const words = list.split(',').filter((w) => w.trim() !== '');
  if (!words.length) throw usage('--channels: give at least one channel, e.g. trade,depth50');
  const channels = [...new Set(words.map(channelOf))];
  return symbols.flatMap((s) => channels.map((c) => topicOf(c, s)));
}
