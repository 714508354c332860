/** Topic names of the WebSocket channels (spec 6.3), built from the channel table. */
import { CHANNELS, type DepthLevels, type KlineInterval } from '../api/catalogue/channels.js';
import { PROTOCOL } from '../api/catalogue/protocol.js';

export { CHANNELS, DEPTH_LEVELS, KLINE_INTERVALS, splitTopic } from '../api/catalogue/channels.js';
export type { DepthLevels, KlineInterval, ChannelKind } from '../api/catalogue/channels.js';

export const topics = {
  ticker: (symbol: string) => `spot/ticker:${symbol}`,
  depth: (symbol: string, levels: DepthLevels) => `spot/depth${levels}:${symbol}`,
  trade: (symbol: string) => `spot/trade:${symbol}`,
  kline: (symbol: string, interval: KlineInterval) => `spot/kline${interval}:${symbol}`,
  order: (symbol: string) => `spot/user/order:${symbol}`,
} as const;

/** True when the topic's channel needs a login (served on `/user`). */
export function isPrivateTopic(topic: string): boolean {
  const channel = topic.slice(0, topic.lastIndexOf(':'));
  return CHANNELS.get(channel)?.private ?? false;
}

/** The key a push entry is routed by: its table and symbol, as the topic it answers. */
export function topicOf(table: string, symbol: string): string {
  return `${table}:${symbol}`;
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
