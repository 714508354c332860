/**
 * A venue with faults: an HTTP proxy in front of the real sandbox that lets a test make chosen
 * requests hang, answer late, lose their answer after the venue acted, or come back rewritten
 * (another envelope shape, garbage, a 429 with Retry-After, a foreign order). Everything it does
 * not match is forwarded untouched, WebSocket upgrades included, so the sandbox stays the peer;
 * WebSocket faults (a frame slipped in, frames rewritten or dropped, connections cut) are in `ws`.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { wsFaults, type WsFaults } from './ws-faults.js';

/** A request as the proxy saw it. */
export interface Seen {
  readonly method: string;
  /** Path with the query string. */
  readonly url: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Local time (ms) the request arrived. */
  readonly at: number;
}

/** The venue's answer, as the proxy received it (rewrites return a new one). */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * What to do with a matching request:
 * - `hang`: never forwarded, never answered;
 * - `lose`: forwarded (the venue acts), its answer never delivered: the client's timeout ends the wait;
 * - `cut`: forwarded (the venue acts), then the connection is closed with no answer: a lost answer that
 *   needs no timeout (a client on a generous timeout learns of it at once);
 * - `delay`: forwarded after `ms`, or when `until` settles (the test says when);
 * - `reply`: answered by the proxy, never forwarded; once `until` settles when given (a request in flight the test ends);
 * - `rewrite`: forwarded, the venue's answer replaced by what `fn` returns;
 * - `reset`: the connection is destroyed before anything is forwarded.
 */
export type Fault =
  | { readonly kind: 'hang' }
  | { readonly kind: 'lose' }
  | { readonly kind: 'cut' }
  | { readonly kind: 'delay'; readonly ms: number }
  | { readonly kind: 'delay'; readonly until: Promise<unknown> }
  | { readonly kind: 'reply'; readonly answer: Answer | ((seen: Seen) => Answer); readonly until?: Promise<unknown> }
  | { readonly kind: 'rewrite'; readonly fn: (answer: Answer, seen: Seen) => Answer }
  | { readonly kind: 'reset' };

export interface Rule {
  readonly method?: string;
  /** Matches the path without the query string: exact when a string. */
  readonly path?: string | RegExp;
  readonly when?: (seen: Seen) => boolean;
  /** How many matching requests this rule takes (default: every one). */
  readonly times?: number;
  readonly fault: Fault;
  /**
   * Called once a `hang` holds the request, or a `lose` has the venue's answer (the venue acted): from
   * then on the client waits for nothing but its timeout, which a test on a clock it moves can skip.
   */
  readonly held?: (seen: Seen) => void;
}

export interface FaultProxy {
  readonly url: string;
  /** Every request received, in order of arrival. */
  readonly seen: Seen[];
  /** Adds a rule; the first matching rule with uses left applies. Returns a remover. */
  add(rule: Rule): () => void;
  /** Removes every rule. */
  clear(): void;
  /** Requests seen for this method and path. */
  count(method: string, path: string): number;
  /** Faults of the WebSocket connections piped through. */
  readonly ws: WsFaults;
  close(): Promise<void>;
}

/** A JSON answer in the interface's envelope. */
export function envelope(status: number, code: number, message: string, data: unknown = {}, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ code, message, trace: 'fault-proxy', data }) };
}

/** Starts a proxy in front of `target` (the sandbox's base URL) on 127.0.0.1, port 0. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const up = new URL(target);
  const rules: Array<{ rule: Rule; left: number }> = [];
  const seen: Seen[] = [];
  const held = new Set<Socket>();
  const ws = wsFaults();

  const match = (s: Seen): Rule | undefined => {
    for (const r of rules) {
      const { method, path, when } = r.rule;
      if (r.left <= 0) continue;
      if (method && method !== s.method) continue;
      if (path !== undefined && (typeof path === 'string' ? path !== s.path : !path.test(s.path))) continue;
      if (when && !when(s)) continue;
      r.left--;
      return r.rule;
    }
    return undefined;
  };

  const forward = (s: Seen): Promise<Answer> => new Promise((ok, fail) => {
    const headers = { ...s.headers, host: up.host };
    const req = request({ host: up.hostname, port: up.port, path: s.url, method: s.method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection' && k !== 'keep-alive') h[k] = Array.isArray(v) ? v.join(', ') : v;
        ok({ status: res.statusCode ?? 502, headers: h, body });
      });
    });
    req.on('error', fail);
    req.end(s.body);
  });

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const s: Seen = { method: req.method ?? 'GET', url, path: url.split('?')[0]!, headers: req.headers, body, at: Date.now() };
      seen.push(s);
      const rule = match(s);
      const send = (a: Answer) => {
        if (!res.writableEnded) res.writeHead(a.status, { ...a.headers, 'content-length': String(Buffer.byteLength(a.body)) }).end(a.body);
      };
      const relay = (p: Promise<Answer>) => p.then(send, () => res.destroy());
      const f = rule?.fault;
      if (!f) return relay(forward(s));
      switch (f.kind) {
        case 'hang':
          held.add(req.socket);
          rule.held?.(s);
          return;
        case 'lose':
          held.add(req.socket);
          forward(s).then(() => rule.held?.(s), () => undefined);
          return;
        case 'cut':
          forward(s).then(() => (rule.held?.(s), req.socket.destroy()), () => req.socket.destroy());
          return;
        case 'delay':
          if ('until' in f) void f.until.finally(() => relay(forward(s)));
          else setTimeout(() => relay(forward(s)), f.ms);
          return;
        case 'reply': {
          const answer = () => send(typeof f.answer === 'function' ? f.answer(s) : f.answer);
          if (f.until) void f.until.finally(answer);
          else answer();
          return;
        }
        case 'rewrite':
          return relay(forward(s).then((a) => f.fn(a, s)));
        case 'reset':
          req.socket.destroy();
          return;
        default: {
          const never: never = f;
          throw new Error(`unknown fault ${String(never)}`);
        }
      }
    });
  });

  // WebSocket (and any other) upgrades are piped to the sandbox untouched. They are the server's no longer:
  // close() ends them itself (a client that stays, a runner left by a failed test, would keep it open).
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req, socket, head) => {
    const to = connect(Number(up.port), up.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      to.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) to.write(head);
      socket.pipe(to);
      ws.attach(socket, to);
    });
    upgraded.add(socket).add(to);
    const end = () => {
      socket.destroy();
      to.destroy();
      upgraded.delete(socket);
      upgraded.delete(to);
    };
    to.on('error', end);
    socket.on('error', end);
    socket.on('close', end);
    to.on('close', end);
  });

  // Idle connections are kept longer than any client keeps one (as the sandbox does): a client never
  // writes a request into a connection the proxy is closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    ws,
    add(rule) {
      const entry = { rule, left: rule.times ?? Infinity };
      rules.push(entry);
      return () => {
        const i = rules.indexOf(entry);
        if (i >= 0) rules.splice(i, 1);
      };
    },
    clear() {
      rules.length = 0;
    },
    count(method, path) {
      return seen.filter((s) => s.method === method && s.path === path).length;
    },
    close() {
      for (const s of held) s.destroy();
      for (const s of upgraded) s.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
