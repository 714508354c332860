// An in-process HTTP server on port 0 serving the sandbox's legacy routes over a fake exchange,
// counting requests per "METHOD path" so tests can prove what was (and was not) sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { legacyRoute } from '../../src/sandbox/legacy/routes.js';
import { FakeExchange } from './legacy-exchange.js';

export interface LegacyTestServer {
  readonly url: string;
  readonly exchange: FakeExchange;
  /** Requests seen, by "METHOD /path" (no query). */
  readonly hits: Map<string, number>;
  /** Runs before the routes; return true when it answered itself. */
  intercept?: (req: IncomingMessage, res: ServerResponse, body: string) => boolean;
  count(key: string): number;
  total(): number;
  close(): Promise<void>;
}

export async function startLegacyServer(exchange = new FakeExchange()): Promise<LegacyTestServer> {
  const hits = new Map<string, number>();
  const self: Partial<LegacyTestServer> = {};
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const key = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      if (self.intercept?.(req, res, body)) return;
      const a = legacyRoute(req, body, exchange);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(self, {
    url, exchange, hits,
    count: (key: string) => hits.get(key) ?? 0,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  }) as LegacyTestServer;
}
