/**
 * HTTP for the REST clients: keep-alive connections, a whole-request timeout, proxies from
 * HTTPS_PROXY/HTTP_PROXY/NO_PROXY (through undici), and failures classified by whether the
 * request may have reached the venue.
 */
import type { Dispatcher } from 'undici';
import type { Env } from '../util/paths.js';
import { TransportError, type HttpRequest, type HttpResponse } from './http.js';

export { TransportError, type HttpRequest, type HttpResponse } from './http.js';

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** True when a failure with this code means the request never left (so a write surely did nothing). */
export function surelyNotSent(code: string | undefined): boolean {
  return code !== undefined && NOT_SENT.has(code);
}

/**
 * True when a failure may have let the request reach the venue: false for a code that says it never left, and
 * for any failure of the connection itself (node's `syscall: 'connect'`: a reset as it connected, from a
 * server going down, made no connection to send on).
 */
export function mayHaveReached(code: string, err: unknown): boolean {
  return !NOT_SENT.has(code) && (err as { syscall?: unknown } | undefined)?.syscall !== 'connect';
}

type Dispatch = (req: HttpRequest, url: URL) => Promise<HttpResponse>;

let direct: Dispatch | undefined;
let proxied: Dispatch | undefined;
let proxyAgent: Dispatcher | undefined;

/**
 * Direct connections use node's own HTTP client: its parser is native, while undici's is WebAssembly,
 * whose compilation alone cost a one-shot more than the whole request (measured in docs/performance.md). Requests
 * through a proxy use undici's EnvHttpProxyAgent, loaded only then.
 */
async function dispatcherFor(req: HttpRequest, url: URL, env: Env): Promise<Dispatch> {
  if (proxyFor(url.href, env) === undefined) return (direct ??= (await import('./node-http.js')).nodeDispatch());
  if (!proxied || req.fresh) {
    const { loadEnvHttpProxyAgent } = await import('./undici-core.js');
    // A fresh connection through a proxy: a new agent (the old one's idle tunnels are closed).
    void proxyAgent?.close().catch(() => undefined);
    const agent = (proxyAgent = new (loadEnvHttpProxyAgent())({ keepAliveTimeout: 2_000 }) as Dispatcher);
    proxied = async (req, u) => {
      const res = await agent.request({
        origin: u.origin, path: u.pathname + u.search, method: req.method as Dispatcher.HttpMethod, headers: req.headers, body: req.body,
        headersTimeout: req.timeoutMs, bodyTimeout: req.timeoutMs, signal: req.signal ?? AbortSignal.timeout(req.timeoutMs),
      });
      const text = await res.body.text();
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
      return { status: res.statusCode, headers, text };
    };
  }
  return proxied;
}

/** The proxy a URL would go through, for `bm doctor` and traces; undefined when direct. */
export function proxyFor(url: string, env: Env): string | undefined {
  const u = new URL(url);
  const noProxy = (env.NO_PROXY ?? env.no_proxy ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const host = u.hostname;
  if (noProxy.some((n) => n === '*' || host === n.replace(/^\./, '') || host.endsWith(n.startsWith('.') ? n : `.${n}`))) return undefined;
  return u.protocol === 'https:' || u.protocol === 'wss:'
    ? env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy
    : env.HTTP_PROXY ?? env.http_proxy;
}

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown }; name?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'ETIMEDOUT';
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : 'EUNKNOWN';
}

/** Sends one request; resolves with any HTTP answer, rejects with a {@link TransportError}. */
export async function send(req: HttpRequest, env: Env): Promise<HttpResponse> {
  try {
    const url = new URL(req.url);
    return await (await dispatcherFor(req, url, env))(req, url);
  } catch (err) {
    const code = errorCode(err);
    const timedOut = code === 'ETIMEDOUT' || code.includes('TIMEOUT');
    const what = timedOut ? `timed out after ${req.timeoutMs} ms` : (err as Error).message || code;
    throw new TransportError(`${req.method} ${new URL(req.url).host}: ${what}`, timedOut ? 'ETIMEDOUT' : code, mayHaveReached(code, err));
  }
}
