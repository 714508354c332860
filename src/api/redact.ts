/**
 * What may be shown of a request: headers that carry a key, a signature or a token are replaced by
 * `[redacted]` in traces and dry runs of both generations.
 */
import type { HttpResponse } from './transport.js';

const SECRET_HEADER = /^(x-bm-key|x-bm-sign|x-bm-signature|x-bm-authorization)$/i;

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = SECRET_HEADER.test(k) ? '[redacted]' : v;
  return out;
}

/** Traces a request about to be sent; `body` must already be fit to print. */
export function traceRequest(trace: (line: string) => void, req: { method: string; url: string; headers: Record<string, string>; body?: string }): void {
  trace(`> ${req.method} ${req.url}`);
  for (const [k, v] of Object.entries(redactHeaders(req.headers))) trace(`> ${k}: ${v}`);
  if (req.body) trace(`> ${req.body}`);
}

/** Traces an answer: status and time, the venue's `x-bm-*` headers, and the body (`text`, cut at 2000). */
export function traceResponse(trace: (line: string) => void, res: HttpResponse, ms: number, text: string = res.text): void {
  trace(`< ${res.status} in ${ms} ms`);
  for (const [k, v] of Object.entries(res.headers)) if (k.startsWith('x-bm-')) trace(`< ${k}: ${v}`);
  trace(`< ${text.length > 2000 ? `${text.slice(0, 2000)}...` : text}`);
}

/** A request as it may be shown (a dry run): method, address, headers with secrets redacted, body. */
export interface ShownRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** The request fit to show: key, signature and token headers redacted; the body as sent. */
export function shownRequest(req: ShownRequest): ShownRequest {
  return { method: req.method, url: req.url, headers: redactHeaders(req.headers), ...(req.body !== undefined ? { body: req.body } : {}) };
}
