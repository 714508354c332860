/** An HTTP server on port 0 with the sandbox's WebSocket attached, fed by a {@link FakeExchange}. */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { attachWebSocket, type WsServerOptions } from '../../src/sandbox/ws/server.js';
import { FakeExchange } from './fake-exchange.js';

export interface TestServer {
  readonly ex: FakeExchange;
  /** `ws://127.0.0.1:<port>` */
  readonly wsUrl: string;
  /** `http://127.0.0.1:<port>` */
  readonly httpUrl: string;
  /** Destroys every open TCP connection (the peer sees the connection drop). */
  dropAll(): void;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

export async function startWsServer(opts: WsServerOptions = {}, ex = new FakeExchange()): Promise<TestServer> {
  const server = createServer((_req, res) => res.writeHead(404).end());
  const detach = await attachWebSocket(server, ex.asApi(), opts);
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
    ex,
    wsUrl: `ws://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${port}`,
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
