/** Client order ids made by bm when the user gives none (the catalogue says which parameter and which kind). */
import { randomBytes, randomInt } from 'node:crypto';

/** Letters and digits, 32 at most (spec 2.7, 8.2): `bm`, the time in base 36, 12 random hex digits. */
export function newClientOrderId(now: number = Date.now()): string {
  return `bm${now.toString(36)}${randomBytes(6).toString('hex')}`;
}

/** A numeric id: microseconds of `now` plus a random part; below 2^53 until the year 2255. */
export function newNumericId(now: number = Date.now()): bigint {
  return BigInt(now) * 1000n + BigInt(randomInt(1000));
}
