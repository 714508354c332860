/**
 * The official Node SDK (`@bitmartexchange/bitmart-node-sdk-api`, a pinned development dependency)
 * pointed at a sandbox: its REST client through its `baseURL` option, its spot WebSocket client
 * through its URL argument. Only what the client tests use is typed here.
 */
import { createRequire } from 'node:module';
import type { Creds } from './signed.js';

/** What the SDK's REST methods resolve with (axios), or what their rejection carries as `response`. */
interface AxiosAnswer {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly data: any;
}
type Call = Promise<AxiosAnswer>;

/** The SDK's spot REST client: its own method names and argument orders. */
export interface SdkRest {
  getSystemTime(): Call;
  getSystemStatus(): Call;
  getCurrencies(): Call;
  getSymbols(): Call;
  getSymbolsDetails(): Call;
  getKlineStep(): Call;
  getKline(symbol: string, from: number, to: number, options?: object): Call;
  getDepth(symbol: string, options?: object): Call;
  getSymbolsTrades(symbol: string, options?: object): Call;
  getTicker(): Call;
  getTickerDetail(symbol: string): Call;
  getV3Ticker(symbol: string): Call;
  getV3Tickers(): Call;
  getV3Depth(symbol: string, options?: object): Call;
  getV3Trades(symbol: string, options?: object): Call;
  getV3LatestKline(symbol: string, options?: object): Call;
  getV3HistoryKline(symbol: string, options?: object): Call;
  getTradeFee(symbol: string): Call;
  getUserFee(): Call;
  getDepositAddress(currency: string): Call;
  withdraw(currency: string, amount: string, destination: string, address: string, options?: object): Call;
  getDepositAndWithdrawHistory(operationType: string, n: number, options?: object): Call;
  getSpotWallet(): Call;
  getSpotAccountBalance(options?: object): Call;
  getDepositOrWithdrawDetail(id: string): Call;
  newSpotOrder(symbol: string, side: string, type: string, options?: object): Call;
  newBatchSpotOrder(params: object): Call;
  cancelOrder(symbol: string, options?: object): Call;
  cancelBatchOrder(options?: object): Call;
  queryOrderById(orderId: string, options?: object): Call;
  queryOrderByClientOrderId(clientOrderId: string, options?: object): Call;
  queryCurrentOpenOrder(options?: object): Call;
  queryAccountOrders(options?: object): Call;
  queryAccountTrades(options?: object): Call;
  queryOrderTrades(orderId: string, options?: object): Call;
  /** The SDK's own transport (auth 0 NONE, 1 KEYED, 2 SIGNED): how its methods send. */
  request(auth: 0 | 1 | 2, method: string, path: string, params?: object): Call;
}

/** The SDK's spot WebSocket client (it connects when made). */
interface SdkSocket {
  login(): void;
  send(message: string): void;
  disconnect(): void;
  isConnected(): boolean;
}

const require = createRequire(import.meta.url);
const sdk = require('@bitmartexchange/bitmart-node-sdk-api') as {
  BitmartSpotAPI: new (o: object) => SdkRest;
  BitmartSpotWebsocket: new (url: string, o: object) => SdkSocket;
};

/** The SDK logs every request to stdout by default; the tests keep the report clean. */
const quiet = { info() {}, warn() {}, error() {}, debug() {}, log() {} };

/** The SDK's REST client on `base`, with `creds` when given. */
export function sdkRest(base: string, creds?: Creds): SdkRest {
  return new sdk.BitmartSpotAPI({ baseURL: base, logger: quiet, ...(creds ? { apiKey: creds.key, apiSecret: creds.secret, apiMemo: creds.memo } : {}) });
}

/** The HTTP status and body of one SDK call, whether axios resolved it or threw it (non-2xx). */
export async function answer(p: Call): Promise<AxiosAnswer> {
  try {
    const r = await p;
    return { status: r.status, data: r.data };
  } catch (err) {
    const r = (err as { response?: AxiosAnswer }).response;
    if (!r) throw err;
    return { status: r.status, data: r.data };
  }
}

/** One SDK WebSocket connection and the messages its `message` callback gave, parsed when JSON. */
export interface SdkStream {
  readonly sock: SdkSocket;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly got: any[];
  /** The first message (from index `from` on) that matches; rejects after `ms` naming what came. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  next(pred: (m: any) => boolean, ms?: number, from?: number): Promise<any>;
  /** Disconnects and stops the SDK's ping timer. */
  close(): void;
}

/**
 * Opens the SDK's spot WebSocket client on `url`. The SDK starts a 5 s ping interval when the socket
 * opens and never clears it (a process holding one never exits): the interval made right after its
 * `open` callback is caught here and cleared by `close`.
 */
export async function sdkStream(url: string, creds?: Creds): Promise<SdkStream> {
  const got: unknown[] = [];
  const waiters = new Set<() => void>();
  const timers: NodeJS.Timeout[] = [];
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const sock = new sdk.BitmartSpotWebsocket(url, {
    logger: quiet,
    ...(creds ? { apiKey: creds.key, apiSecret: creds.secret, apiMemo: creds.memo } : {}),
    callbacks: {
      open: () => {
        const real = globalThis.setInterval;
        globalThis.setInterval = ((fn: () => void, ms: number) => {
          globalThis.setInterval = real;
          const t = real(fn, ms);
          timers.push(t);
          return t;
        }) as typeof setInterval;
        opened();
      },
      message: (text: string) => {
        let m: unknown = text;
        try {
          m = JSON.parse(text);
        } catch {
          // a text frame such as `pong`, kept as text
        }
        got.push(m);
        for (const w of waiters) w();
      },
    },
  });
  await open;
  return {
    sock,
    got,
    next: (pred, ms = 10_000, from = 0) =>
      new Promise((ok, fail) => {
        const check = () => {
          const hit = got.slice(from).find(pred);
          if (hit === undefined) return;
          waiters.delete(check);
          clearTimeout(t);
          ok(hit);
        };
        const t = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(got).slice(0, 2000)}`));
        }, ms);
        waiters.add(check);
        check();
      }),
    close: () => {
      sock.disconnect();
      for (const t of timers) clearInterval(t);
    },
  };
}
