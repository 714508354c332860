/**
 * The sandbox exchange's HTTP server: current-generation REST on the catalogue's paths, legacy
 * routes under `/v2/`, WebSocket upgrades on the same port. One log line per request through
 * `log` (never stdout). With `statePath` every write is on disk before it is acknowledged.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExchangeApi } from '../exchange-api.js';
import { Exchange } from '../exchange/exchange.js';
import { handleRest } from '../http/dispatch.js';
import { IpBlocks } from '../http/blocks.js';
import { Limiter } from '../http/limiter.js';
import { custom } from '../../api/catalogue/limits.js';
import { errorBody, send } from '../http/reply.js';
import { legacyState } from '../legacy/auth.js';
import { legacyRoute } from '../legacy/routes.js';
import { scaled, type LimitFactor } from '../limits-mode.js';
import { loadState, Persister, StateFileError } from '../exchange/state.js';
import { attachWebSocket } from '../ws/server.js';
import { DEFAULT_SERVICE } from '../ws/login.js';

/** How long an idle kept-alive HTTP connection is kept open (ms). */
const IDLE_CONNECTION_MS = 65_000;

export interface ServeOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** File the exchange state persists in; in memory when absent. */
  readonly statePath?: string;
  /** Seed of the simulated market (ignored when a saved state is loaded: it keeps its own). */
  readonly seed?: number;
  /** One line of log (stderr). */
  readonly log?: (line: string) => void;
  /** Scales every limit of the venue (limits-mode.ts): 1 the published ones (default), Infinity none. */
  readonly limits?: LimitFactor;
  /** Drives the public market from this recording (src/sandbox/replay/), `speed` times as fast; in memory only. */
  readonly replay?: { readonly path: string; readonly speed: number };
  /** ms; default Date.now (tests move it to pass a rate window without waiting). */
  readonly clock?: () => number;
  /** ms the simulated market has reached (Exchange's `marketClock`); default `clock`. Tests hold it to hold the market still. */
  readonly marketClock?: () => number;
  /**
   * The spec's letter wherever the venue was looser (`--strict`, docs/sandbox.md "Strict mode"): keyed
   * reads need a timestamp, decimals must be strings within the pair's precision, repeated 429s block
   * the address (418). Default false: the venue's behaviour as facts.md records it.
   */
  readonly strict?: boolean;
  /** The service of the WebSocket login constant `<service>.WebSocket` (spec 6.2); default `exchange`. */
  readonly service?: string;
  /** ms of simulated trading before the first answer (Exchange's `warmUpMs`); default 20000, 0 a quoted book and no trades. */
  readonly warmUpMs?: number;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** The exchange behind every route. */
  readonly exchange: ExchangeApi;
  readonly server: Server;
  close(): Promise<void>;
}

const LEGACY_RATE = custom('IP', 1000, 1000);
const LEGACY_TOO_MANY = { status: 429, body: '{"message":"too many requests: at most 1000 a second"}' };

/** Largest request body accepted, bytes. */
const MAX_BODY = 1_048_576;
/** ms between background saves of the simulated market (writes are saved before their answer). */
const SAVE_EVERY_MS = 5000;

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startServer(opts: ServeOptions): Promise<RunningSandbox> {
  const log = opts.log ?? (() => {});
  if (opts.replay && opts.statePath) throw new Error('a replay runs in memory: no state file');
  const saved = opts.statePath ? loadState(opts.statePath) : undefined;
  const market = opts.replay && (await (await import('../replay/start.js')).replayMarket(opts.replay.path, opts.replay.speed));
  let ex: Exchange;
  try {
    ex = new Exchange({
      log, ...(opts.seed === undefined ? {} : { seed: opts.seed }), ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.marketClock ? { marketClock: opts.marketClock } : {}), ...(market ? { market } : {}),
      ...(opts.warmUpMs !== undefined ? { warmUpMs: opts.warmUpMs } : {}),
    }, saved);
  } catch (err) {
    // Figures or records that do not fit: the file is not one this version wrote.
    if (!saved || !opts.statePath) throw err;
    throw new StateFileError(opts.statePath, `not a usable sandbox state: ${(err as Error).message}`);
  }
  ex.advance();
  const persister = opts.statePath ? new Persister(opts.statePath, () => ex.snapshot()) : undefined;
  persister?.saveNow();
  ex.start();
  const saver = persister && setInterval(() => persister.flush().catch((e: Error) => log(`state save failed: ${e.message}`)), SAVE_EVERY_MS);
  saver?.unref();
  const factor = opts.limits ?? 1;
  const limiter = new Limiter(factor);
  const legacy = legacyState(ex).options;
  legacy.tokenRequestsPerMinute = scaled(legacy.tokenRequestsPerMinute, factor);
  // Spec 8.1 gives two versions: no block (the milder, by default) or a 418 block of the address (strict).
  const strict = opts.strict ?? false;
  const blocks = strict ? new IpBlocks(factor) : undefined;
  const deps = { ex, limiter, strict, ...(blocks ? { blocks } : {}), ...(persister ? { persist: () => persister.flush() } : {}) };

  const server = createServer((req, res) => {
    const started = Date.now();
    void (async () => {
      const body = await readBody(req);
      if (body === undefined) {
        send(res, 413, errorBody(50000, 'Bad Request'));
        return log(`${req.method} ${req.url} 413`);
      }
      if ((req.url ?? '').startsWith('/v2/')) {
        // Spec 8.4: legacy calls at most 1000 a second per IP (the token route has its own 5 a minute).
        const admitted = limiter.admit('legacy', LEGACY_RATE, `ip:${req.socket.remoteAddress ?? ''}`, ex.clock());
        const a = admitted.ok ? legacyRoute(req, body, ex) : LEGACY_TOO_MANY;
        // A legacy write (any method but GET) is on disk before it is answered, as current-generation writes are.
        if (persister && req.method !== 'GET') await persister.flush();
        send(res, a.status, a.body);
        return log(`${req.method} ${req.url} legacy ${a.status} ${Date.now() - started}ms`);
      }
      const out = await handleRest(req, res, body, deps);
      log(`${req.method} ${req.url} ${out.status} ${out.code} ${Date.now() - started}ms`);
    })().catch((err: Error) => {
      log(`${req.method} ${req.url} failed: ${err.stack ?? err.message}`);
      if (!res.headersSent) send(res, 500, errorBody(59002, 'Internal Server Error'));
      else res.destroy();
    });
  });
  // An idle kept-alive connection is kept longer than any client keeps one (bm 2 s, undici 4 s, Node's
  // agent 5 s): the client always lets go first, so none writes a request into a connection the sandbox is
  // closing at that moment, however late either side's timers run.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  const closeWs = await attachWebSocket(server, ex, { log, limits: factor, now: ex.clock, service: opts.service ?? DEFAULT_SERVICE });
  const host = opts.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    ex.stop();
    if (saver) clearInterval(saver);
    await closeWs();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    exchange: ex,
    server,
    close: () => (closing ??= (async () => {
      ex.stop();
      if (saver) clearInterval(saver);
      await closeWs();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      persister?.saveNow();
    })()),
  };
}
