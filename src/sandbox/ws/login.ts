/**
 * WebSocket login (spec 6.2): args `[key, timestamp ms, sign]`, timestamp within 60 s, sign (lower-case
 * hex, facts.md 3) over `timestamp#memo#<service>.WebSocket`. A venue expects one constant, its own
 * (facts.md 1): the sandbox's service is `exchange` unless `bm sandbox serve --service NAME` names
 * another venue's to rehearse against it, and a refusal (91011) says which constant it expected.
 */
import { timingSafeEqual } from 'node:crypto';
import type { ExchangeApi, SandboxAccount } from '../exchange-api.js';
import { signWsLogin } from '../../util/signing.js';

/** The spec's service of the login constant. */
export const DEFAULT_SERVICE = 'exchange';

/** True when `name` may name a service (`bitmart`, `exchange`): letters, digits, `_` and `-`, at most 32. */
export function isServiceName(name: string): boolean {
  return /^[A-Za-z0-9_-]{1,32}$/.test(name);
}
export const LOGIN_WINDOW_MS = 60_000;

export type LoginResult = { readonly account: SandboxAccount } | { readonly code: number; readonly message: string };

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The account `args` logs in, or the refusal; `service` names the constant expected (default `exchange`). */
export function verifyLogin(ex: ExchangeApi, args: unknown, nowMs: number, service: string = DEFAULT_SERVICE): LoginResult {
  if (!Array.isArray(args)) return { code: 90003, message: 'Invalid args param: login takes [api key, timestamp, sign]' };
  const [key, ts, sign] = args.map((a) => (a === undefined || a === null ? '' : String(a)));
  if (!key) return { code: 91001, message: 'API KEY empty' };
  if (!ts) return { code: 91021, message: 'timestamp empty' };
  if (!sign) return { code: 91010, message: 'sign empty' };
  if (!/^[0-9]{1,16}$/.test(ts)) return { code: 91023, message: 'timestamp invalid format: milliseconds expected' };
  if (Math.abs(nowMs - Number(ts)) > LOGIN_WINDOW_MS) return { code: 91022, message: 'timestamp outside one minute' };
  const account = ex.accountByKey(key);
  if (!account) return { code: 91002, message: 'API KEY not found' };
  if (!same(signWsLogin(account.secret, ts, account.memo, service), sign)) {
    return { code: 91011, message: `sign wrong: lower-case hex HMAC-SHA256 over timestamp#memo#${service}.WebSocket expected` };
  }
  return { account };
}
