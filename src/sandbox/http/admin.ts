/**
 * The sandbox's own admin route (not part of the spec), used by `bm sandbox account create`:
 * `POST /sandbox/v1/accounts` with an optional JSON body `{"deposit":{"USDT":"10000"},"permissions":"trade"}`
 * answers the normal envelope with `{account_id, key, secret, memo, permissions}`. Loopback callers only.
 */
import { custom } from '../../api/catalogue/limits.js';
import { scalarText } from '../../util/json.js';
import type { Permission } from '../exchange-api.js';
import { DEFAULT_DEPOSIT, PERMISSIONS } from '../accounts.js';
import { fail } from '../errors.js';
import type { Exchange } from '../exchange/exchange.js';
import { rawParams } from './params.js';

export const ADMIN_PATH = '/sandbox/v1/accounts';
/** Generous, so test suites can make accounts freely, yet it answers the rate-limit headers like every route. */
export const ADMIN_RATE = custom('IP', 100, 5000);

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export function isLoopback(address: string | undefined): boolean {
  return LOOPBACK.test(address ?? '');
}

/** Creates an account from the admin request body; returns the envelope's data. */
export function createFromRequest(ex: Exchange, method: string, body: string, remote: string | undefined) {
  if (method !== 'POST') throw fail(57001);
  if (!isLoopback(remote)) throw fail(30010);
  const raw = rawParams('POST', '', body);
  const permissions = raw.permissions === undefined ? 'trade' : scalarText(raw.permissions);
  if (!(PERMISSIONS as readonly string[]).includes(permissions)) throw fail(50021, 'permissions');
  let deposit: Record<string, string> = { ...DEFAULT_DEPOSIT };
  if (raw.deposit !== undefined) {
    if (!raw.deposit || typeof raw.deposit !== 'object' || Array.isArray(raw.deposit)) throw fail(50021, 'deposit');
    deposit = Object.fromEntries(Object.entries(raw.deposit as Record<string, unknown>).map(([k, v]) => [k.toUpperCase(), scalarText(v)]));
  }
  const a = ex.createAccount(deposit, permissions as Permission);
  return { account_id: a.id, key: a.key, secret: a.secret, memo: a.memo, permissions: a.permissions };
}
