/**
 * The WebSocket channels of spec 6.3, as data: the client builds topics from it and the sandbox
 * serves exactly these. A topic is `<channel>:<filter>`; the filter is a spot pair, but for the venue's
 * later account channels, whose filter is a fixed word (`spot/user/orders:ALL_SYMBOLS`,
 * `spot/user/balance:BALANCE_UPDATE`).
 */
import { PROTOCOL } from './protocol.js';
import { parseWidth } from './widths.js';

/**
 * The candle intervals the WebSocket streams, spelt as every width is (widths.ts `widthWord`: `1h`,
 * `1d`, `1w`, `1M` a month); the channel's own spelling (`kline1H`) is made by {@link CHANNEL}.
 */
export const KLINE_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '1d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export const DEPTH_LEVELS = PROTOCOL.wsDepthLevels;
export type DepthLevels = (typeof DEPTH_LEVELS)[number];

/** Minutes of one step of each kline interval (a month counted as 30 days, as widths.ts reads `1M`). */
export const KLINE_MINUTES: Readonly<Record<KlineInterval, number>> = Object.fromEntries(
  KLINE_INTERVALS.map((i) => [i, parseWidth(i)!]),
) as Record<KlineInterval, number>;

/** The widths the WebSocket streams, minutes. */
export const WS_KLINE_WIDTHS: readonly number[] = KLINE_INTERVALS.map((i) => KLINE_MINUTES[i]);

/** The k-line channel suffix of a width in minutes, or undefined when the venue streams none. */
export function wsInterval(minutes: number): KlineInterval | undefined {
  return KLINE_INTERVALS.find((i) => KLINE_MINUTES[i] === minutes);
}

/** The interval of a typed width as widths.ts reads it (`1h` or `1H`, `60`; `m` and `M` differ), or undefined when the venue streams none. */
export function klineInterval(typed: string): KlineInterval | undefined {
  const minutes = parseWidth(typed);
  return minutes === undefined ? undefined : wsInterval(minutes);
}

export type ChannelKind = 'ticker' | 'depth' | 'trade' | 'kline' | 'order' | 'balance';

export interface ChannelInfo {
  readonly kind: ChannelKind;
  readonly private: boolean;
  /** Depth levels (depth) or step minutes (kline). */
  readonly n?: number;
  /** A book channel of snapshot then versioned updates (facts.md 4), not full snapshots. */
  readonly incremental?: boolean;
  /** The one filter of a channel that takes no pair (the venue's later account channels). */
  readonly filter?: string;
}

/** The name of each channel (the `table` of its pushes) by kind, built from its levels or interval. */
export const CHANNEL = {
  ticker: 'spot/ticker',
  trade: 'spot/trade',
  depth: (levels: DepthLevels): string => `spot/depth${levels}`,
  // Later venues' incremental book (facts.md 4), the default of common client libraries. depth100,
  // named only in the release history and absent from the channel table of spec 6.3, is not served (90004).
  increase: 'spot/depth/increase100',
  // Spec 6.3 spells hours, days and weeks upper-case in the channel (`spot/kline1H`).
  kline: (interval: KlineInterval): string => `spot/kline${interval.replace(/[hdw]$/, (u) => u.toUpperCase())}`,
  order: 'spot/user/order',
  // The venue's later account channels: every pair's orders, and balance changes.
  orders: 'spot/user/orders',
  balance: 'spot/user/balance',
} as const;

/** The fixed filters of the later account channels. */
export const ALL_SYMBOLS = 'ALL_SYMBOLS';
export const BALANCE_UPDATE = 'BALANCE_UPDATE';

/** Every channel by name (`table` of a push). */
export const CHANNELS: ReadonlyMap<string, ChannelInfo> = new Map<string, ChannelInfo>([
  [CHANNEL.ticker, { kind: 'ticker', private: false }],
  [CHANNEL.trade, { kind: 'trade', private: false }],
  ...DEPTH_LEVELS.map((n): [string, ChannelInfo] => [CHANNEL.depth(n), { kind: 'depth', private: false, n }]),
  [CHANNEL.increase, { kind: 'depth', private: false, n: PROTOCOL.wsIncreaseLevels, incremental: true }],
  ...KLINE_INTERVALS.map((i): [string, ChannelInfo] => [CHANNEL.kline(i), { kind: 'kline', private: false, n: KLINE_MINUTES[i] }]),
  [CHANNEL.order, { kind: 'order', private: true }],
  [CHANNEL.orders, { kind: 'order', private: true, filter: ALL_SYMBOLS }],
  [CHANNEL.balance, { kind: 'balance', private: true, filter: BALANCE_UPDATE }],
]);

/** The kind of a channel (`table` of a push), or undefined for one the venue does not serve. */
export function channelKind(table: string): ChannelKind | undefined {
  return CHANNELS.get(table)?.kind;
}

/** A topic: a channel filtered to a spot pair (`spot/ticker:BTC_USDT`). */
export function topicOf(channel: string, symbol: string): string {
  return `${channel}:${symbol}`;
}

/** Splits a topic at its last `:`; undefined when it has no filter. */
export function splitTopic(topic: string): { channel: string; filter: string } | undefined {
  const i = topic.lastIndexOf(':');
  if (i <= 0 || i === topic.length - 1) return undefined;
  return { channel: topic.slice(0, i), filter: topic.slice(i + 1) };
}
