/**
 * The rules a saved sandbox state keeps, checked before an exchange starts on it, so that a file
 * edited by hand or written by something else is refused rather than traded on (or "repaired"):
 * - every balance figure is a plain decimal of at most 18 places (no exponent, no sign but `-`);
 * - no balance is negative, available or frozen (so frozen never exceeds the total);
 * - every saved order belongs to an account of the file, trades a known pair, has a known side and
 *   status, and plain non-negative figures; an order that is over holds nothing;
 * - conservation, as the engine keeps it: what an account holds frozen in a currency is exactly what
 *   its open orders hold (quote for a buy, base for a sell). The simulated market's own accounts are
 *   not accounts of the file and their orders are not saved: their frozen funds are released at start.
 */
import { isOpenStatus, STATUS_NUMBER } from '../../api/catalogue/statuses.js';
import { isSide } from '../../api/catalogue/vocab.js';
import { amountText, toAmount } from '../engine/units.js';
import type { OrderRec } from '../engine/types.js';
import { pairSpec } from '../engine/pairs.js';
import type { ExchangeState } from './state-types.js';

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;
/** The states a sandbox order takes. */
const STATUSES: readonly number[] = [STATUS_NUMBER.pending, STATUS_NUMBER.partially_filled, STATUS_NUMBER.filled, STATUS_NUMBER.cancelled];

class Broken extends Error {}

/** A figure as amount units; throws {@link Broken} naming `what` when it is not a decimal of at most 18 places. */
function figure(text: unknown, what: string, negativeOk = false): bigint {
  const v = typeof text === 'string' && DECIMAL.test(text) ? toAmount(text) : undefined;
  if (v === undefined) throw new Broken(`${what} is not a decimal of at most 18 places (${JSON.stringify(text)})`);
  if (v < 0n && !negativeOk) throw new Broken(`${what} is negative (${text})`);
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks one order; returns the currency it holds and how much (zero when it is over). */
function orderHolds(o: OrderRec, accounts: ReadonlySet<string>): { cur: string; held: bigint } {
  const name = `order ${String(o?.id)}`;
  if (!isObject(o) || typeof o.id !== 'string') throw new Broken(`an order has no id`);
  if (!accounts.has(o.acct)) throw new Broken(`${name} belongs to no account of the file (${JSON.stringify(o.acct)})`);
  const spec = typeof o.symbol === 'string' ? pairSpec(o.symbol) : undefined;
  if (!spec) throw new Broken(`${name} trades an unknown pair (${JSON.stringify(o.symbol)})`);
  if (!isSide(o.side)) throw new Broken(`${name} has no side buy or sell (${JSON.stringify(o.side)})`);
  if (!STATUSES.includes(o.status)) throw new Broken(`${name} has an unknown status (${JSON.stringify(o.status)})`);
  if (o.price !== '') figure(o.price, `${name}'s price`);
  for (const key of ['size', 'filledSize', 'filledNotional'] as const) figure(o[key], `${name}'s ${key}`);
  const held = figure(o.frozen, `${name}'s frozen amount`);
  const cur = o.side === 'buy' ? spec.details.quote_currency : spec.details.base_currency;
  if (!isOpenStatus(o.status) && held !== 0n) throw new Broken(`${name} is over (status ${o.status}) but still holds ${o.frozen} ${cur}`);
  return { cur, held };
}

/** The first rule `s` breaks, in words naming the account, order or figure; undefined when it keeps them all. */
export function firstViolation(s: ExchangeState): string | undefined {
  try {
    const accounts = new Set(s.accounts.map((a) => (isObject(a) && typeof a.id === 'string' ? a.id : '')));
    if (accounts.has('')) return 'an account has no id';
    const frozen = new Map<string, bigint>();
    for (const [acct, row] of Object.entries(s.ledger)) {
      if (!isObject(row)) return `the balances of account ${acct} are not an object`;
      for (const [cur, slot] of Object.entries(row)) {
        const where = `account ${acct}'s ${cur}`;
        if (!isObject(slot)) return `${where} balance is not an object`;
        const a = figure(slot.available, `${where} available balance`, true);
        if (a < 0n) return `account ${acct} has a negative ${cur} balance (available ${String(slot.available)})`;
        frozen.set(JSON.stringify([acct, cur]), figure(slot.frozen, `${where} frozen balance`));
      }
    }
    const held = new Map<string, bigint>();
    for (const o of s.orders) {
      const { cur, held: h } = orderHolds(o, accounts);
      const key = JSON.stringify([o.acct, cur]);
      held.set(key, (held.get(key) ?? 0n) + h);
    }
    for (const key of new Set([...frozen.keys(), ...held.keys()])) {
      const [acct, cur] = JSON.parse(key) as [string, string];
      if (!accounts.has(acct)) continue;
      const f = frozen.get(key) ?? 0n;
      const h = held.get(key) ?? 0n;
      if (f !== h) return `account ${acct} has ${amountText(f)} ${cur} frozen, but its open orders hold ${amountText(h)}`;
    }
    return undefined;
  } catch (err) {
    if (err instanceof Broken) return err.message;
    throw err;
  }
}
