/**
 * WebSocket login (spec 6.2): args `[key, timestamp ms, sign]`, timestamp within 60 s, sign over
 * `timestamp#memo#<service>.WebSocket`. The sandbox accepts the spec's `exchange` and the historic `bitmart`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { ExchangeApi, SandboxAccount } from '../exchange-api.js';
import { signWsLogin } from '../../util/signing.js';

export const LOGIN_SERVICES = ['exchange', 'bitmart'] as const;
export const LOGIN_WINDOW_MS = 60_000;

export type LoginResult = { readonly account: SandboxAccount } | { readonly code: number; readonly message: string };

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function verifyLogin(ex: ExchangeApi, args: unknown, nowMs: number): LoginResult {
  if (!Array.isArray(args)) return { code: 90003, message: 'Invalid args param: login takes [api key, timestamp, sign]' };
  const [key, ts, sign] = args.map((a) => (a === undefined || a === null ? '' : String(a)));
  if (!key) return { code: 91001, message: 'API KEY empty' };
  if (!ts) return { code: 91021, message: 'timestamp empty' };
  if (!sign) return { code: 91010, message: 'sign empty' };
  if (!/^[0-9]{1,16}$/.test(ts)) return { code: 91023, message: 'timestamp invalid format: milliseconds expected' };
  if (Math.abs(nowMs - Number(ts)) > LOGIN_WINDOW_MS) return { code: 91022, message: 'timestamp outside one minute' };
  const account = ex.accountByKey(key);
  if (!account) return { code: 91002, message: 'API KEY not found' };
  const ok = LOGIN_SERVICES.some((svc) => same(signWsLogin(account.secret, ts, account.memo, svc), sign.toLowerCase()));
  if (!ok) return { code: 91011, message: 'sign wrong: HMAC-SHA256 over timestamp#memo#exchange.WebSocket expected' };
  return { account };
}
