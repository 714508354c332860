/**
 * The backtest's venue, all in this process: the sandbox exchange on the virtual clock, its public
 * market replayed from a recording or the simulated market's pushes (resting orders queued behind the
 * recorded depth), an account funded as asked, and the library's client on it through the in-process transport
 * (no socket: nothing waits on the network, so only the virtual clock orders what happens).
 */
import { usage } from '../../errors.js';
import type { HttpRequest, HttpResponse } from '../../api/http.js';
import type { LibVenue, Wiring } from '../../core/usecases/venue.js';
import { Exchange } from '../../sandbox/exchange/exchange.js';
import { ratioOf } from '../../sandbox/engine/settle.js';
import { QueueMarket } from '../../sandbox/replay/queue-market.js';
import { inProcessRest, IN_PROCESS_URL } from '../../sandbox/server/in-process.js';
import type { Env } from '../../util/paths.js';
import { VirtualClock } from '../virtual-clock.js';
import type { PullFeed } from './feed.js';

/** Why `client.watch` is refused in a backtest. */
export const NO_STREAMS = 'streams are not replayed in a backtest: poll the market (client.ticker, client.book, client.trades, client.order.list) on clock.every(ms)';

export interface BacktestVenue {
  readonly clock: VirtualClock;
  readonly exchange: Exchange;
  readonly account: string;
  readonly wiring: Wiring;
}

export interface VenueOptions {
  /** ms the clock starts at (the recording's first push; the simulation's start). */
  readonly start: number;
  /** The market never runs past this (ms): the end of the run. */
  readonly end: number;
  /** The recording's pushes (a file's, or the simulated market's). */
  readonly feed: PullFeed;
  readonly seed: number;
  readonly balance: Readonly<Record<string, string>>;
  readonly env: Env;
  readonly log: (line: string) => void;
  /** Fee rates (decimal fractions); absent: the sandbox's. */
  readonly fees?: { readonly taker: string; readonly maker: string };
}

export function backtestVenue(o: VenueOptions): BacktestVenue {
  const clock = new VirtualClock(o.start);
  let account = '';
  const feed = o.feed;
  const exchange = new Exchange({
    clock: () => clock.now(),
    marketClock: () => Math.min(clock.now(), o.end),
    seed: o.seed,
    warmUpMs: 0,
    ...(o.fees ? { fees: { taker: ratioOf(o.fees.taker)!, maker: ratioOf(o.fees.maker)! } } : {}),
    log: (line) => o.log(`sandbox: ${line}`),
    market: (seam) => new QueueMarket(seam, feed, o.start, () => (account ? [account] : [])),
  });
  let acct;
  try {
    acct = exchange.createAccount(o.balance, 'trade');
  } catch {
    throw usage(`--balance: the sandbox has no currency among ${Object.keys(o.balance).join(', ')} (it trades ${exchange.symbols().join(', ')})`);
  }
  account = acct.id;
  const rest = inProcessRest(exchange);
  const venue: LibVenue = {
    baseUrl: async () => IN_PROCESS_URL,
    legacyUrl: async () => IN_PROCESS_URL,
    ws: async () => {
      throw usage(NO_STREAMS);
    },
    credentials: async () => ({ key: acct.key, secret: acct.secret, memo: acct.memo }),
    origin: () => ({ builtin: false, account: { from: 'given' } }),
  };
  const wiring: Wiring = {
    venue, env: o.env, timeoutMs: 30_000, note: o.log, gateTrace: () => undefined, clock,
    inProcess: (req: HttpRequest): Promise<HttpResponse> => rest(req),
  };
  return { clock, exchange, account, wiring };
}
