/**
 * The sandbox's current-generation REST answered in this process, without a socket: a request as a
 * client sends it (method, address, headers, body) goes through the same dispatch as the server's
 * (rate limits, authentication, checks, handlers, envelope) and comes back as status, headers and text.
 * What a backtest's client talks to: nothing leaves the process, and nothing waits on the network, so
 * the exchange's clock alone decides what happens when.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Exchange } from '../exchange/exchange.js';
import { handleRest } from '../http/dispatch.js';
import { Limiter } from '../http/limiter.js';
import { errorBody } from '../http/reply.js';
import type { LimitFactor } from '../limits-mode.js';

/** A request as a client sends it. */
export interface InProcessRequest {
  readonly method: string;
  /** An absolute address: its path and query are what is asked. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface InProcessResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Record<string, string>;
  readonly text: string;
}

/** The address the client of an in-process venue is given (never resolved: nothing is sent on it). */
export const IN_PROCESS_URL = 'http://in-process.invalid';

/** A dispatcher of `ex`'s REST; `limits` as `--limits` (1 the published ones). */
export function inProcessRest(ex: Exchange, limits: LimitFactor = 1): (req: InProcessRequest) => Promise<InProcessResponse> {
  const deps = { ex, limiter: new Limiter(limits), strict: false };
  return async (r) => {
    const u = new URL(r.url);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers)) headers[k.toLowerCase()] = v;
    const req = { method: r.method, url: u.pathname + u.search, headers, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
    let status = 0;
    let out: Record<string, string> = {};
    let text = '';
    const res: { headersSent: boolean; writeHead(s: number, h: Record<string, string | number>): void; end(body: string): void } = {
      headersSent: false,
      writeHead(s, h) {
        status = s;
        out = Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), String(v)]));
        res.headersSent = true;
      },
      end(body) {
        text = body;
      },
    };
    try {
      await handleRest(req, res as unknown as ServerResponse, r.body ?? '', deps);
    } catch (err) {
      return { status: 500, headers: { 'content-type': 'application/json' }, text: errorBody(59002, `Internal Server Error: ${(err as Error).message}`) };
    }
    return { status, headers: out, text };
  };
}
