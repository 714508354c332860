/** A tiny client for the sandbox in tests: signed and keyed requests over loopback, lossless JSON. */
import { signRequest } from '../../src/util/signing.js';
import { parseJson } from '../../src/util/json.js';

export interface Creds {
  readonly key: string;
  readonly secret: string;
  readonly memo: string;
  readonly account_id?: string;
}

export interface CallOptions {
  /** Raw query string without `?` (GET, DELETE). */
  readonly query?: string;
  /** Raw body text (POST, PUT); objects are JSON-encoded. */
  readonly body?: string | object;
  readonly creds?: Creds;
  /** SIGNED (default with creds), KEYED (no signature) or NONE. */
  readonly auth?: 'NONE' | 'KEYED' | 'SIGNED';
  /** ms; default now */
  readonly timestamp?: string;
  readonly headers?: Record<string, string>;
  /** Answer a 429 as is (rate-limit tests); by default the call waits and retries (the limits stay on). */
  readonly raw429?: boolean;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly json: any;
}

/** How the window of a 429 is passed, by the venue's base URL: an in-process sandbox moves its clock. */
const passes = new Map<string, (ms: number) => void>();

/** Lets `call` pass a rate window of the sandbox at `base` by moving its clock instead of waiting. */
export function passWindowsWith(base: string, skip: (ms: number) => void): void {
  passes.set(base, skip);
}

export async function call(base: string, method: string, path: string, o: CallOptions = {}): Promise<Answer> {
  for (let i = 0; ; i++) {
    const a = await once(base, method, path, o);
    if (a.status !== 429 || o.raw429 || i >= 10) return a;
    // The venue says when the window frees (seconds); never guessed.
    const ms = 1000 * Number(a.headers.get('retry-after') ?? a.headers.get('x-bm-ratelimit-reset') ?? '1');
    const skip = passes.get(base);
    if (skip) skip(ms);
    else await new Promise((r) => setTimeout(r, ms));
  }
}

async function once(base: string, method: string, path: string, o: CallOptions): Promise<Answer> {
  const query = o.query ?? '';
  const body = o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
  const headers: Record<string, string> = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
  const auth = o.auth ?? (o.creds ? 'SIGNED' : 'NONE');
  if (o.creds && auth !== 'NONE') {
    const ts = o.timestamp ?? String(Date.now());
    headers['X-BM-KEY'] = o.creds.key;
    headers['X-BM-TIMESTAMP'] = ts;
    if (auth === 'SIGNED') {
      const payload = method === 'GET' || method === 'DELETE' ? query : (body ?? '');
      headers['X-BM-SIGN'] = signRequest(o.creds.secret, ts, o.creds.memo, payload);
    }
  }
  Object.assign(headers, o.headers ?? {});
  const res = await fetch(`${base}${path}${query ? `?${query}` : ''}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = parseJson(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Creates an account through the admin route. */
export async function newAccount(base: string, body: object = {}): Promise<Creds & { account_id: string; permissions: string }> {
  const r = await call(base, 'POST', '/sandbox/v1/accounts', { body });
  if (r.json?.code !== 1000) throw new Error(`account creation failed: ${r.text}`);
  return r.json.data;
}
