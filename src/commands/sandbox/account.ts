/**
 * `bm sandbox account create`: a new paper account on the sandbox venue in use, through the
 * sandbox's admin route (`POST /sandbox/v1/accounts`, loopback only). Prints key, secret, memo,
 * account id and permission.
 */
import { request } from 'node:http';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { isDecimal } from '../../util/decimal.js';
import { parseJson, stringifyJson } from '../../util/json.js';
import { show } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';

const PERMISSIONS = ['read-only', 'trade', 'withdraw'];
const COLUMNS = LOCAL_COLUMNS['sandbox account create'];

/** `USDT=10000,BTC=1` -> `{USDT:"10000",BTC:"1"}`. */
export function parseDeposit(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([A-Za-z0-9-]+)=([0-9.]+)$/.exec(part);
    if (!m || !isDecimal(m[2]!)) throw usage(`--deposit: '${part}' is not CURRENCY=AMOUNT (e.g. USDT=10000,BTC=1)`);
    out[m[1]!.toUpperCase()] = m[2]!;
  }
  if (!Object.keys(out).length) throw usage('--deposit: give CURRENCY=AMOUNT pairs, e.g. USDT=10000,BTC=1');
  return out;
}

function post(url: string, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => reject(new BmError('network', `cannot reach the sandbox at ${url}: ${err.message}`)));
    req.end(body);
  });
}

export async function createAccount(ctx: Context, opts: { deposit?: string; permissions?: string }): Promise<void> {
  const permissions = opts.permissions ?? 'trade';
  if (!PERMISSIONS.includes(permissions)) throw usage(`--permissions: must be one of ${PERMISSIONS.join(', ')} (got '${permissions}')`);
  const body = stringifyJson({ ...(opts.deposit !== undefined ? { deposit: parseDeposit(opts.deposit) } : {}), permissions });
  const url = new URL('/sandbox/v1/accounts', await ctx.baseUrl()).toString();
  const res = await post(url, body, ctx.timeoutMs);
  let env: { code?: unknown; message?: unknown; data?: Record<string, unknown> } | undefined;
  try {
    env = parseJson(res.text) as typeof env;
  } catch {
    env = undefined;
  }
  if (!env || String(env.code) !== '1000' || !env.data) {
    const why = env ? `${String(env.code)} ${String(env.message)}` : `HTTP ${res.status}`;
    throw new BmError('venue', `the venue did not create an account (${why})`, {
      hint: 'accounts can be created only on a sandbox venue, from the same machine',
      ...(env?.code !== undefined ? { code: String(env.code) } : {}), httpStatus: res.status,
    });
  }
  const d = env.data;
  const row = { key: d.key, secret: d.secret, memo: d.memo, account_id: d.account_id, permissions: d.permissions };
  show(ctx, { columns: COLUMNS }, row, { rows: [row] });
}
