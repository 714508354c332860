/**
 * Authentication of current-generation requests (spec 5.1, codes 30001-30012): KEYED needs the key
 * and a fresh timestamp; SIGNED also the signature over `timestamp#memo#payload`, the payload being
 * the raw query string (GET, DELETE) or the raw body (POST, PUT). A KEYED endpoint that receives a
 * signature checks it too, so order_detail accepts both forms.
 *
 * The venue checked timestamps and signatures only on POSTs (facts.md 3): by default a KEYED read
 * that sends the key alone (as the official SDKs did) is served, while one that sends a timestamp or
 * a signature has them checked. `strict` holds every KEYED read to the spec's letter (30006 without
 * a timestamp).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Endpoint } from '../../api/catalogue/types.js';
import { signRequest } from '../../util/signing.js';
import { allows, type AccountRec } from '../accounts.js';
import { fail } from '../errors.js';

/** Timestamp tolerance, ms (spec 5.1: one minute). */
export const TIMESTAMP_WINDOW_MS = 60_000;

export interface AuthInput {
  readonly key?: string;
  readonly timestamp?: string;
  readonly sign?: string;
  /** Raw query string without `?`, or raw body. */
  readonly payload: string;
}

/** The account of an authenticated request; throws the 300xx error otherwise. */
export function authenticate(ep: Endpoint, input: AuthInput, lookup: (key: string) => AccountRec | undefined, now: number, strict = false): AccountRec | undefined {
  if (ep.auth === 'NONE') return undefined;
  if (!input.key) throw fail(30001);
  const account = lookup(input.key);
  if (!account) throw fail(30002);
  const ts = input.timestamp;
  if (!ts && !input.sign && !strict && ep.auth === 'KEYED') return permitted(ep, account);
  if (!ts) throw fail(30006);
  if (!/^[0-9]{13}$/.test(ts)) throw fail(30008);
  if (Math.abs(Number(ts) - now) > TIMESTAMP_WINDOW_MS) throw fail(30007);
  if (ep.auth === 'SIGNED' || input.sign) {
    if (!input.sign) throw fail(30004);
    if (!sameHex(input.sign, signRequest(account.secret, ts, account.memo, input.payload))) throw fail(30005);
  }
  return permitted(ep, account);
}

function permitted(ep: Endpoint, account: AccountRec): AccountRec {
  if (ep.write && !allows(account.permissions, 'trade')) throw fail(30012);
  return account;
}

function sameHex(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
