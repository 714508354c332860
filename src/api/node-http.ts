/** Direct HTTP(S) requests on node's own client, with keep-alive agents (sockets unref'd when idle). */
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { createRequire } from 'node:module';
import type { HttpRequest, HttpResponse } from './transport.js';

type RequestFn = (url: URL, opts: RequestOptions, cb: (res: IncomingMessage) => void) => ClientRequest;

/** A dispatch function; `node:https` (and TLS) is loaded only for the first https URL. */
export function nodeDispatch(): (req: HttpRequest, url: URL) => Promise<HttpResponse> {
  // Required, not imported: an imported builtin gets an ES module facade that costs a one-shot.
  const load = createRequire(import.meta.url);
  const clients = new Map<string, { request: RequestFn; agent: unknown }>();
  const client = (protocol: string) => {
    let c = clients.get(protocol);
    if (!c) {
      const m = load(protocol === 'https:' ? 'node:https' : 'node:http') as typeof import('node:http');
      c = { request: m.request as unknown as RequestFn, agent: new m.Agent({ keepAlive: true, keepAliveMsecs: 10_000, maxSockets: 8 }) };
      clients.set(protocol, c);
    }
    return c;
  };
  return async (req, url) => {
    const { request, agent } = client(url.protocol);
    return new Promise<HttpResponse>((resolve, reject) => {
      const r = request(url, { method: req.method, headers: req.headers, agent: agent as RequestOptions['agent'], signal: AbortSignal.timeout(req.timeoutMs) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      r.on('error', reject);
      r.end(req.body);
    });
  };
}
