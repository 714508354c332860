/**
 * Direct HTTP(S) requests on node's own client, with keep-alive agents (sockets unref'd when idle).
 * A socket that sat idle longer than {@link MAX_IDLE_MS} is never reused: a venue or proxy may have
 * closed it without a word, and a request written to it dies as "socket hang up" after it may have
 * been read. A request marked `fresh` discards every idle socket to its origin first. A GET written to a
 * kept-alive connection that is reset before any answer (the other end closed it as the request went out)
 * is sent again once on a new connection; any other request's error is the caller's.
 */
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpRequest, HttpResponse } from './http.js';

type RequestFn = (url: URL, opts: RequestOptions, cb: (res: IncomingMessage) => void) => ClientRequest;

/** Longest idle time (ms) after which a keep-alive socket is closed instead of reused. */
export const MAX_IDLE_MS = 2000;

/** Marks an error of a request written to a kept-alive connection that the other end had closed. */
const STALE = Symbol('stale connection');

/** Starts a timer that calls `fire` after `ms`; returns what stops it. */
export type RequestTimer = (ms: number, fire: () => void) => () => void;

/** A system timer that keeps no process alive (the request's socket does, while it is out). */
const systemTimer: RequestTimer = (ms, fire) => {
  const t = setTimeout(fire, ms);
  t.unref();
  return () => clearTimeout(t);
};

export interface NodeDispatchOptions {
  /** Clock for idle times, ms. */
  readonly now?: () => number;
  /** The whole-request timer of a request that brings no signal of its own (default: the system's). */
  readonly timer?: RequestTimer;
  /** Called with every new connection (tests count them). */
  readonly onConnect?: () => void;
}

/** The error a request ends with when its time is up (named as AbortSignal.timeout names it: the transport reads it as ETIMEDOUT). */
function timedOut(ms: number): Error {
  return Object.assign(new Error(`no answer within ${ms} ms`), { name: 'TimeoutError' });
}

/** A dispatch function; `node:https` (and TLS) is loaded only for the first https URL. */
export function nodeDispatch(opts: NodeDispatchOptions = {}): (req: HttpRequest, url: URL) => Promise<HttpResponse> {
  const now = opts.now ?? Date.now;
  const timer = opts.timer ?? systemTimer;
  const clients = new Map<string, { request: RequestFn; agent: Agent }>();
  const idleSince = new WeakMap<Socket, number>();
  const client = (protocol: string) => {
    let c = clients.get(protocol);
    if (!c) {
      // Taken as a builtin, not imported: an imported builtin gets an ES module facade that costs a one-shot.
      const m = protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
      const agent = new m.Agent({ keepAlive: true, keepAliveMsecs: 10_000, maxSockets: 8 });
      agent.on('free', (socket: Socket) => idleSince.set(socket, now()));
      c = { request: m.request as unknown as RequestFn, agent };
      clients.set(protocol, c);
    }
    return c;
  };
  /** Closes idle sockets: all of them when `all`, else those idle too long. */
  const prune = (agent: Agent, all: boolean) => {
    const t = now();
    for (const list of Object.values(agent.freeSockets)) {
      // Oldest first (freed in order): the agent skips destroyed sockets at the head of the list.
      for (const s of list ?? []) if (all || t - (idleSince.get(s as Socket) ?? t) > MAX_IDLE_MS) s.destroy();
    }
  };
  const once = (req: HttpRequest, url: URL, fresh: boolean) => {
    const { request, agent } = client(url.protocol);
    prune(agent, fresh);
    return new Promise<HttpResponse>((resolve, reject) => {
      let stop = () => {};
      const fail = (err: unknown) => {
        stop();
        reject(err);
      };
      const r = request(url, { method: req.method, headers: req.headers, agent: agent as RequestOptions['agent'], ...(req.signal ? { signal: req.signal } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', fail);
        res.on('end', () => {
          stop();
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      // The whole request's time, answer included: a plain timer rather than AbortSignal.timeout, whose signal
      // and the listener the request puts on it cost a one-shot about half a millisecond (docs/performance.md).
      if (!req.signal) stop = timer(req.timeoutMs, () => r.destroy(timedOut(req.timeoutMs)));
      if (opts.onConnect) r.once('socket', (s: Socket) => void (s.connecting && s.once('connect', opts.onConnect!)));
      // A kept-alive connection the other end closed as this request went out: nothing was answered.
      r.on('error', (err: NodeJS.ErrnoException) => fail(r.reusedSocket && err.code === 'ECONNRESET' ? Object.assign(err, { [STALE]: true }) : err));
      r.end(req.body);
    });
  };
  return async (req, url) => {
    try {
      return await once(req, url, req.fresh === true);
    } catch (err) {
      // A read is sent again, once, on a new connection; a write never is (its outcome is for the caller to prove).
      if (req.method !== 'GET' || !(err as { [STALE]?: boolean })[STALE] || req.signal?.aborted) throw err;
      return once(req, url, true);
    }
  };
}
