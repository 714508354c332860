/**
 * Local checks of `bm legacy` input: every value is checked and turned into its wire text before
 * anything is sent; a failure is a usage error (exit 2) naming the option and what is allowed.
 */
import type { LegacyEndpoint, LegacyParam } from '../legacy/catalogue.js';
import { flagOf } from '../legacy/catalogue.js';
import type { LegacyValues } from '../legacy/request.js';
import { isSide, LEGACY_ORDER_STATUSES } from '../api/catalogue/vocab.js';
import { LEGACY_KLINE_STEPS } from '../api/catalogue/widths.js';
import { usage } from '../errors.js';
import { parseTime } from '../config/time.js';
import { checkDecimal, checkInt, checkStatus, checkSymbol, checkWidth } from './params.js';

/** How a parameter is named to the user of `bm legacy`: its positional name or its option. */
export function label(p: LegacyParam): string {
  return p.positional ? p.name.toUpperCase() : `--${flagOf(p)}`;
}

/** Epoch ms of a user-typed time: ms kept exact, everything else through parseTime (seconds). */
export function timeMs(v: string, name: string, now: number): string {
  const t = v.trim();
  if (/^[0-9]{12,14}$/.test(t)) return t;
  return String(parseTime(t, name, now) * 1000);
}

/** One value to its wire text. */
export function checkLegacy(p: LegacyParam, v: string, now: number): string {
  const name = label(p);
  switch (p.kind) {
    case 'symbol':
      return checkSymbol(v, name);
    case 'decimal':
      return checkDecimal(v.trim(), name);
    case 'side': {
      const s = v.trim().toLowerCase();
      if (!isSide(s)) throw usage(`${name}: must be buy or sell (got '${v}')`);
      return s;
    }
    case 'int':
      return String(checkInt(v.trim(), name, p.min, p.max));
    case 'id':
      if (!/^[0-9]{1,30}$/.test(v.trim())) throw usage(`${name}: '${v}' is not an order id (digits)`);
      return v.trim();
    case 'status':
      return checkStatus(v, name, LEGACY_ORDER_STATUSES);
    case 'time':
      return timeMs(v, name, now);
    case 'step':
      return String(checkWidth(v, name, LEGACY_KLINE_STEPS));
    default: {
      const never: never = p.kind;
      throw new Error(`unknown kind ${String(never)}`);
    }
  }
}

/** Wire values of a command, with defaults filled in; throws a usage error on the first bad one. */
export function legacyValues(ep: LegacyEndpoint, typed: Readonly<Record<string, string | undefined>>, now: number = Date.now()): LegacyValues {
  const out: Record<string, string> = {};
  for (const p of ep.params) {
    const v = typed[p.name];
    if (v === undefined) {
      if (p.required) throw usage(`${label(p)} is required: ${p.description}`);
      continue;
    }
    out[p.name] = checkLegacy(p, v, now);
  }
  if (ep.id === 'legacy.kline') {
    const step = Number(out.step ?? '1');
    out.step ??= '1';
    out.to ??= String(now);
    out.from ??= String(Number(out.to) - 100 * step * 60_000);
    if (Number(out.from) > Number(out.to)) throw usage(`--from (${out.from}) is after --to (${out.to})`);
    return { symbol: out.symbol, from: out.from, to: out.to, step: out.step };
  }
  return out;
}
