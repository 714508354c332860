/** The sandbox's WebSocket server (to come): attaches to the HTTP server's upgrade event. */
import type { Server } from 'node:http';
import type { ExchangeApi } from '../api.js';

export interface WsServerOptions {
  readonly log?: (line: string) => void;
}

/** Serves `/api` and `/user` on the same port; returns a function that closes every connection. */
export function attachWebSocket(_server: Server, _exchange: ExchangeApi, _opts: WsServerOptions = {}): () => Promise<void> {
  return async () => {};
}
