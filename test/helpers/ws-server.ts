/**
 * The sandbox's WebSocket server on port 0 over the real sandbox exchange. The exchange runs on a
 * clock the test moves (its simulated market stands still until `skip`), so every trade and order
 * change a test sees is one it made, through the matching engine, with real accounts.
 */
import type { Side } from '../../src/api/catalogue/vocab.js';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { OrderView, SandboxAccount, TradeView } from '../../src/sandbox/exchange-api.js';
import { Exchange } from '../../src/sandbox/exchange/exchange.js';
import { attachWebSocket, type WsServerOptions } from '../../src/sandbox/ws/server.js';
import { add, fmt, mul, norm } from '../../src/util/decimal.js';

const FUNDS = { USDT: '100000000', BTC: '1000', ETH: '10000', SOL: '100000', BMX: '100000000' };

export interface TestServer {
  readonly ex: Exchange;
  /** A funded account: the one tests log in with. */
  readonly account: SandboxAccount;
  /** `ws://127.0.0.1:<port>` */
  readonly wsUrl: string;
  /** `http://127.0.0.1:<port>` */
  readonly httpUrl: string;
  /** Moves the exchange's clock forward (the simulated market catches up on the next read). */
  skip(ms: number): void;
  /** A public trade on `symbol` at the `k`-th tick above the best bid (inside the spread) between two other accounts; `side` is the taker's. */
  trade(symbol: string, k?: number, side?: Side): TradeView;
  /** An order of {@link account} that rests in the book: a buy `k` ticks above the best bid. */
  resting(symbol: string, k?: number): OrderView;
  /** Fills {@link account}'s resting order by selling into it from another account. */
  fill(order: OrderView): void;
  /** Destroys every open TCP connection (the peer sees the connection drop). */
  dropAll(): void;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * `warm`: the market has its 20 s of simulated trading behind it (trades on the tapes); without it the book
 * is quoted at once and no trade has happened yet (a warm-up is most of a fresh exchange's CPU).
 */
export async function startWsServer(options: WsServerOptions & { readonly warm?: boolean } = {}, seed = 11): Promise<TestServer> {
  const { warm, ...opts } = options;
  let offset = 0;
  const base = Date.now();
  const ex = new Exchange({ seed, clock: () => base + offset, ...(warm ? {} : { warmUpMs: 0 }) });
  // A warm-up runs now, before anyone listens: afterwards the market moves only when a test moves it.
  ex.advance();
  const account = ex.createAccount(FUNDS);
  const maker = ex.createAccount(FUNDS);
  const taker = ex.createAccount(FUNDS);
  const priceAt = (symbol: string, k: number) => {
    const d = ex.details(symbol)!;
    const tick = `0.${'0'.repeat(d.price_max_precision - 1)}1`;
    return fmt(add(ex.depth(symbol, 1).bids[0]![0], mul(tick, String(k))), d.price_max_precision);
  };
  const size = (symbol: string) => norm(mul(ex.details(symbol)!.base_min_size, '1000'));

  const server = createServer((_req, res) => res.writeHead(404).end());
  const detach = await attachWebSocket(server, ex, opts);
  const sockets = new Set<Socket>();
  let accepted = 0;
  server.on('connection', (s: Socket) => {
    accepted++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    ex, account,
    wsUrl: `ws://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${port}`,
    skip: (ms) => void (offset += ms),
    trade(symbol, k = 1, side = 'buy') {
      let last: TradeView | undefined;
      const seen = (t: TradeView) => (last = t);
      ex.on('trade', seen);
      try {
        const price = priceAt(symbol, k);
        // The taker's side is the trade's side.
        ex.placeOrder(maker.id, { symbol, side: side === 'buy' ? 'sell' : 'buy', type: 'limit', price, size: size(symbol) });
        ex.placeOrder(taker.id, { symbol, side, type: 'limit', price, size: size(symbol) });
      } finally {
        ex.off('trade', seen);
      }
      if (!last) throw new Error(`no trade on ${symbol}`);
      return last;
    },
    resting: (symbol, k = 1) => ex.placeOrder(account.id, { symbol, side: 'buy', type: 'limit', price: priceAt(symbol, k), size: size(symbol) }),
    fill: (o) => void ex.placeOrder(taker.id, { symbol: o.symbol, side: 'sell', type: 'limit', price: o.price, size: o.size }),
    dropAll: () => {
      for (const s of sockets) s.destroy();
    },
    connections: () => accepted,
    close: async () => {
      await detach();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
