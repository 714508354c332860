/**
 * The sandbox's WebSocket server: `/api` (public) and `/user` (private) on the HTTP server's port,
 * fed only through the {@link ExchangeApi} events and queries.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ExchangeApi } from '../exchange-api.js';
import { custom } from '../../api/catalogue/limits.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { RateBook } from '../../util/ratelimit.js';
import { scaled, type LimitFactor } from '../limits-mode.js';
import { Feed } from './feed.js';
import { Session } from './session.js';
import { DEFAULT_SERVICE } from './login.js';

export interface WsServerOptions {
  readonly log?: (line: string) => void;
  /** ms without a client message before closing (spec 6.4: 20 s). */
  readonly idleMs?: number;
  /** ms without a subscription before closing (spec 6.4: 5 min). */
  readonly lifelessMs?: number;
  /** Minimum ms between pushes of one topic (spec 8.3: 0.5 s). */
  readonly pushIntervalMs?: number;
  readonly now?: () => number;
  /** Scales the message and connection limits (limits-mode.ts; default 1, Infinity: off). */
  readonly limits?: LimitFactor;
  /** The service of the login constant `<service>.WebSocket` (spec 6.2); default `exchange`. */
  readonly service?: string;
}

/** Spec 8.3: open connections per IP, and connection requests per minute per IP. */
export const CONNECTIONS_PER_IP = PROTOCOL.wsConnectionsPerIp;
export const CONNECTS_PER_MINUTE = PROTOCOL.wsConnectsPerMinute;
/** Spec 8.3: logged-in (private) connections per account. */
export const CONNECTIONS_PER_ACCOUNT = PROTOCOL.wsConnectionsPerAccount;

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Serves `/api` and `/user` on the same port; returns a function that closes every connection. */
export async function attachWebSocket(server: Server, exchange: ExchangeApi, opts: WsServerOptions = {}): Promise<() => Promise<void>> {
  // ws loads only when a sandbox serves: one-shots never pay for it.
  const { WebSocketServer } = await import('ws');
  const now = opts.now ?? Date.now;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 64 * 1024 });
  const feed = new Feed(exchange, { intervalMs: opts.pushIntervalMs ?? PROTOCOL.wsPushIntervalMs, now, ...(opts.log ? { log: opts.log } : {}) });
  const factor = opts.limits ?? 1;
  const perAccount = scaled(CONNECTIONS_PER_ACCOUNT, factor);
  const logged = new Map<string, number>();
  const limits = {
    idleMs: opts.idleMs ?? PROTOCOL.wsIdleMs, lifelessMs: opts.lifelessMs ?? PROTOCOL.wsLifelessMs, now, factor, service: opts.service ?? DEFAULT_SERVICE,
    claim: (id: string) => {
      const n = logged.get(id) ?? 0;
      if (n >= perAccount) return false;
      logged.set(id, n + 1);
      return true;
    },
    release: (id: string) => {
      const n = (logged.get(id) ?? 1) - 1;
      if (n > 0) logged.set(id, n);
      else logged.delete(id);
    },
  };
  const perIp = scaled(CONNECTIONS_PER_IP, factor);
  const connectRate = custom('IP', scaled(CONNECTS_PER_MINUTE, factor), 60_000);
  const connects = new RateBook();
  const open = new Map<string, number>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    if (path !== '/api' && path !== '/user') {
      refuse(socket, '404 Not Found');
      return;
    }
    const ip = req.socket.remoteAddress ?? '';
    if (factor !== Number.POSITIVE_INFINITY) {
      // Every request counts towards the minute, a refused one too.
      const tooMany = connects.get(ip, connectRate).take(now()) > 0;
      if (tooMany || (open.get(ip) ?? 0) >= perIp) {
        opts.log?.(`ws ${path} refused: ${ip} over the connection limits`);
        return refuse(socket, '429 Too Many Requests');
      }
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      opts.log?.(`ws ${path} connected`);
      open.set(ip, (open.get(ip) ?? 0) + 1);
      ws.once('close', () => {
        const n = (open.get(ip) ?? 1) - 1;
        if (n > 0) open.set(ip, n);
        else open.delete(ip);
      });
      new Session(ws, feed, exchange, { ...limits, path: path === '/user' ? 'private' : 'public' }, opts.log);
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
