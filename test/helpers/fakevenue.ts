// A tiny venue for the profile tests: the admin route that creates paper accounts, and a signed
// GET /spot/v1/test-get that checks key, signature and memo like the real interface (30002, 30005).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRequest } from '../../src/api/signing.js';

export interface FakeAccount {
  account_id: string;
  key: string;
  secret: string;
  memo: string;
}

export interface FakeVenue {
  readonly url: string;
  readonly accounts: Map<string, FakeAccount>;
  /** Bodies received on POST /sandbox/v1/accounts. */
  readonly created: unknown[];
  /** Adds a known account (what a user would have created at the venue). */
  add(a: Omit<FakeAccount, 'account_id'>): void;
  /** Forgets every account, as `bm sandbox reset` would. */
  reset(): void;
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, code: number, message: string, data: unknown = {}): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, message, trace: 'fake-trace', data }));
}

export async function startFakeVenue(): Promise<FakeVenue> {
  const accounts = new Map<string, FakeAccount>();
  const created: unknown[] = [];
  let next = 1;
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/system/time') return reply(res, 200, 1000, 'OK', { server_time: Date.now() });
    if (req.method === 'POST' && url.pathname === '/sandbox/v1/accounts') {
      created.push(JSON.parse(body));
      const a = { account_id: String(next++), key: randomBytes(16).toString('hex'), secret: randomBytes(32).toString('hex'), memo: `paper${next}` };
      accounts.set(a.key, a);
      return reply(res, 200, 1000, 'OK', { ...a, permissions: 'trade' });
    }
    if (req.method === 'GET' && url.pathname === '/spot/v1/test-get') {
      const a = accounts.get(String(req.headers['x-bm-key'] ?? ''));
      if (!a) return reply(res, 401, 30002, 'X-BM-KEY not found');
      const ts = String(req.headers['x-bm-timestamp'] ?? '');
      if (Math.abs(Number(ts) - Date.now()) > 60_000) return reply(res, 401, 30007, 'X-BM-TIMESTAMP outside one minute');
      if (signRequest(a.secret, ts, a.memo, url.search.slice(1)) !== req.headers['x-bm-sign']) return reply(res, 401, 30005, 'X-BM-SIGN wrong');
      return reply(res, 200, 1000, 'OK', {});
    }
    return reply(res, 404, 30000, 'Not found');
  };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, accounts, created,
    add: (a) => accounts.set(a.key, { account_id: String(next++), ...a }),
    reset: () => accounts.clear(),
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
