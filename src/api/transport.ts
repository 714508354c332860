/**
 * HTTP on undici: one keep-alive dispatcher per process, proxies from HTTPS_PROXY/HTTP_PROXY/NO_PROXY,
 * and failures classified by whether the request may have reached the venue.
 */
import type { Dispatcher } from 'undici';
import { Agent, loadEnvHttpProxyAgent } from './undici-core.cjs';
import type { Env } from '../config/paths.js';

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** Whole-request timeout, ms. */
  readonly timeoutMs: number;
}

export interface HttpResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Record<string, string>;
  readonly text: string;
}

/** A request that got no HTTP answer. `reached` is false only when it surely never left. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly reached: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

let dispatcher: Dispatcher | undefined;

function proxyConfigured(env: Env): boolean {
  return Boolean(env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy);
}

function getDispatcher(env: Env): Dispatcher {
  if (!dispatcher) {
    dispatcher = proxyConfigured(env)
      ? new (loadEnvHttpProxyAgent())({ keepAliveTimeout: 10_000 })
      : new Agent({ keepAliveTimeout: 10_000, connections: 8 });
  }
  return dispatcher;
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
    const res = await getDispatcher(env).request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    const text = await res.body.text();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    return { status: res.statusCode, headers, text };
  } catch (err) {
    const code = errorCode(err);
    const timedOut = code === 'ETIMEDOUT' || code.includes('TIMEOUT');
    const what = timedOut ? `timed out after ${req.timeoutMs} ms` : (err as Error).message || code;
    throw new TransportError(`${req.method} ${new URL(req.url).host}: ${what}`, timedOut ? 'ETIMEDOUT' : code, !NOT_SENT.has(code));
  }
}
