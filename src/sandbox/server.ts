/** The sandbox exchange's HTTP server (first cut: system time only; the full venue follows). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServeOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** File the exchange state persists in; in memory when absent. */
  readonly statePath?: string;
  /** Seed of the simulated market. */
  readonly seed?: number;
  /** One line of log (stderr). */
  readonly log?: (line: string) => void;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startServer(opts: ServeOptions): Promise<RunningSandbox> {
  const server = createServer((req, res) => {
    const body = JSON.stringify({ code: 1000, message: 'OK', trace: 'stub', data: { server_time: Date.now() } });
    res.writeHead(req.url === '/system/time' ? 200 : 404, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
