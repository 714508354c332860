/** Topic names of the WebSocket channels (spec 6.3), built from the channel table. */
import { CHANNEL, CHANNELS, topicOf, type DepthLevels, type KlineInterval } from '../api/catalogue/channels.js';
import { PROTOCOL } from '../api/catalogue/protocol.js';

export { CHANNELS, DEPTH_LEVELS, KLINE_INTERVALS, splitTopic, topicOf } from '../api/catalogue/channels.js';
export type { DepthLevels, KlineInterval, ChannelKind } from '../api/catalogue/channels.js';

/** The topic of each channel kind for a pair. */
export const topics = {
  ticker: (symbol: string) => topicOf(CHANNEL.ticker, symbol),
  depth: (symbol: string, levels: DepthLevels) => topicOf(CHANNEL.depth(levels), symbol),
  trade: (symbol: string) => topicOf(CHANNEL.trade, symbol),
  kline: (symbol: string, interval: KlineInterval) => topicOf(CHANNEL.kline(interval), symbol),
  order: (symbol: string) => topicOf(CHANNEL.order, symbol),
} as const;

/** True when the topic's channel needs a login (served on `/user`). */
export function isPrivateTopic(topic: string): boolean {
  const channel = topic.slice(0, topic.lastIndexOf(':'));
  return CHANNELS.get(channel)?.private ?? false;
}

/** Groups topics into subscribe requests of at most `maxTopics` topics and `maxBytes` bytes of topic text (spec 6.2). */
export function batches(list: readonly string[], maxTopics: number = PROTOCOL.wsTopicsPerRequest, maxBytes: number = PROTOCOL.wsBytesPerRequest): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let bytes = 0;
  for (const t of list) {
    const b = Buffer.byteLength(t);
    if (cur.length && (cur.length >= maxTopics || bytes + b > maxBytes)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(t);
    bytes += b;
  }
  if (cur.length) out.push(cur);
  return out;
}
