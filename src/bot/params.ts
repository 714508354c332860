/** The values a bot is given: `--param k=v` (repeatable), and a backtest's `--balance USDT=10000,BTC=1`. */
import { usage } from '../errors.js';
import { isDecimal, norm } from '../util/decimal.js';

/** `k=v` texts into a map; a name given twice is refused. */
export function parseParams(list: readonly string[], flag = '--param'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    const k = eq < 0 ? '' : item.slice(0, eq).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(k)) throw usage(`${flag} ${item}: give name=value (a name of letters, digits, _ . -)`);
    if (Object.hasOwn(out, k)) throw usage(`${flag} ${k}: given twice`);
    out[k] = item.slice(eq + 1);
  }
  return out;
}

/** `USDT=10000,BTC=1`: currency to amount (plain decimals, 0 or more). */
export function parseBalances(text: string, flag = '--balance'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [cur, amount, extra] = part.split('=');
    if (!cur || amount === undefined || extra !== undefined || !/^[A-Z0-9]+$/.test(cur.trim().toUpperCase()) || !isDecimal(amount.trim()) || amount.trim().startsWith('-')) {
      throw usage(`${flag}: give CURRENCY=AMOUNT pairs separated by commas, like USDT=10000,BTC=1 (got ${JSON.stringify(part)})`);
    }
    out[cur.trim().toUpperCase()] = norm(amount.trim());
  }
  if (!Object.keys(out).length) throw usage(`${flag}: give at least one CURRENCY=AMOUNT`);
  return out;
}
