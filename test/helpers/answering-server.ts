/** A node:http server on port 0 for one test file: each request is read whole, then answered by the file's current `handler`. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface AnsweringServer {
  /** What answers the next requests (by default: nothing, the request waits). */
  handler: Handler;
  /** `http://127.0.0.1:<port>` once the file's tests run. */
  readonly base: string;
}

export function useAnsweringServer(): AnsweringServer {
  let base = '';
  const srv: AnsweringServer = { handler: () => {}, get base() { return base; } };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => srv.handler(req, res));
  });
  before(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return srv;
}
