/**
 * `bm bot run`: a bot on the command line's own venue (the profile's, the paper sandbox by default) with
 * its safety rules: the client is wired as every `bm` command is (careful writes, the machine's shared
 * rate limits), and each limit order a bot places is held to the deviation guard (`--max-deviation`, 10%
 * through the last price by default, as `bm order place`) unless the bot's call sets its own. When the bot
 * is stopped, the orders it placed that are still open are left or cancelled, as `--on-exit` says.
 */
import { Client } from '../lib/client.js';
import { wiredOptions } from '../lib/wired.js';
import type { Wiring } from '../core/usecases/venue.js';
import type { WaitClock } from '../util/clock.js';
import { botClock } from './clock.js';
import { botErrorText, runBot } from './run-bot.js';
import type { Bot } from './types.js';

export type OnExit = 'leave' | 'cancel';

export interface LiveOptions {
  readonly bot: Bot;
  readonly params: Readonly<Record<string, string>>;
  readonly wiring: Wiring;
  readonly clock: WaitClock;
  readonly signal: AbortSignal;
  readonly onExit: OnExit;
  /** Percent, or 'none'. */
  readonly maxDeviation: string;
  readonly log: (line: string) => void;
}

export interface LiveSummary {
  /** Orders the bot placed, by pair. */
  readonly placed: Readonly<Record<string, number>>;
  /** Its orders still open at the end: cancelled (`--on-exit cancel`) or left. */
  readonly cancelled: string[];
  readonly left: string[];
  /** Set when the bot threw instead of returning. */
  readonly error?: string;
}

type Place = (params: Record<string, unknown>, opts?: Record<string, unknown>) => Promise<{ orderId?: string }>;

/** Runs the bot until it returns or `signal` aborts; then its open orders as `onExit` says. */
export async function runLive(o: LiveOptions): Promise<LiveSummary> {
  const client = new Client(wiredOptions(o.wiring) as never) as unknown as { order: { place: Place; list: (p: object) => Promise<{ orders: { order_id: string }[] }>; cancel: (p: object) => Promise<unknown> } };
  const mine = new Map<string, Set<string>>();
  const place = client.order.place.bind(client.order);
  // The guard is the command line's: a bot's own maxDeviation (or 'none') wins.
  const guarded: Place = async (params, opts) => {
    const out = await place(params, { maxDeviation: o.maxDeviation, ...opts });
    const symbol = String(params?.symbol ?? '');
    if (out.orderId) {
      if (!mine.has(symbol)) mine.set(symbol, new Set());
      mine.get(symbol)!.add(out.orderId);
    }
    return out;
  };
  const order = new Proxy(client.order, { get: (t, k, r) => (k === 'place' ? guarded : Reflect.get(t, k, r)) });
  const bound = new Proxy(client, { get: (t, k, r) => (k === 'order' ? order : Reflect.get(t, k, r)) });
  const end = await runBot(o.bot, { client: bound, clock: botClock(o.clock, o.signal), signal: o.signal, params: o.params, log: (line) => o.log(String(line)) });
  const cancelled: string[] = [];
  const left: string[] = [];
  for (const [symbol, ids] of mine) {
    const open = (await client.order.list({ symbol })).orders.map((x) => x.order_id).filter((id) => ids.has(id));
    for (const id of open) {
      if (o.onExit === 'cancel') {
        await client.order.cancel({ symbol, order_id: id });
        cancelled.push(id);
      } else left.push(id);
    }
  }
  await (client as unknown as { close(): Promise<void> }).close();
  const placed = Object.fromEntries([...mine].map(([s, ids]) => [s, ids.size]));
  return { placed, cancelled, left, ...(end.ok ? {} : { error: botErrorText(end.error) }) };
}
