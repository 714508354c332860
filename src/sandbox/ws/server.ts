/**
 * The sandbox's WebSocket server: `/api` (public) and `/user` (private) on the HTTP server's port,
 * fed only through the {@link ExchangeApi} events and queries.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ExchangeApi } from '../exchange-api.js';
import type { LimitFactor } from '../limits-mode.js';
import { Feed } from './feed.js';
import { Session } from './session.js';

export interface WsServerOptions {
  readonly log?: (line: string) => void;
  /** ms without a client message before closing (spec 6.4: 20 s). */
  readonly idleMs?: number;
  /** ms without a subscription before closing (spec 6.4: 5 min). */
  readonly lifelessMs?: number;
  /** Minimum ms between pushes of one topic (spec 8.3: 0.5 s). */
  readonly pushIntervalMs?: number;
  readonly now?: () => number;
  /** Scales the per-connection message limit (limits-mode.ts; default 1, Infinity: off). */
  readonly limits?: LimitFactor;
}

/** Serves `/api` and `/user` on the same port; returns a function that closes every connection. */
export async function attachWebSocket(server: Server, exchange: ExchangeApi, opts: WsServerOptions = {}): Promise<() => Promise<void>> {
  // ws loads only when a sandbox serves: one-shots never pay for it.
  const { WebSocketServer } = await import('ws');
  const now = opts.now ?? Date.now;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 64 * 1024 });
  const feed = new Feed(exchange, { intervalMs: opts.pushIntervalMs ?? 500, now, ...(opts.log ? { log: opts.log } : {}) });
  const limits = { idleMs: opts.idleMs ?? 20_000, lifelessMs: opts.lifelessMs ?? 300_000, now, factor: opts.limits ?? 1 };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    if (path !== '/api' && path !== '/user') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      opts.log?.(`ws ${path} connected`);
      new Session(ws, feed, exchange, limits, opts.log);
    });
  };
  server.on('upgrade', onUpgrade);

  return async () => {
    server.off('upgrade', onUpgrade);
    feed.stop();
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
