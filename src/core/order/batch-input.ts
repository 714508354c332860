/**
 * The orders of a batch, read and checked before anything is sent: every line against its pair's
 * rules, client order ids unique across the batch, limit prices within `--max-deviation` of the last
 * price. Every bad line is reported at once (one line each); nothing is sent while any is bad.
 */
import { BmError, usage } from '../../errors.js';
import { parseJson, scalarText } from '../../util/json.js';
import { checkSymbol } from '../params.js';
import { checkOrder, type CheckedOrder } from './check.js';
import { cmp } from '../../util/decimal.js';
import { checkDeviation, enoughDeviation, isPrice, readQuote } from './market-context.js';
import { pairRules, type PairSource } from './pairs.js';

/** Orders of a file and how messages name each: `line N` of NDJSON (its line in the file), `order N` of a JSON list. */
export interface ParsedOrders {
  readonly orders: Array<Record<string, unknown>>;
  readonly labels: string[];
}

/** Orders from a JSON array, `{"order_params":[...]}`, or one JSON object per line; none at all is a usage error. */
export function parseOrders(text: string, name: string): ParsedOrders {
  const t = text.trim();
  const none = () => usage(`no orders in ${name}`, 'give a JSON list of orders, or one JSON order a line');
  if (!t) throw none();
  let list: unknown;
  let labels: string[] | undefined;
  if (t.startsWith('[') || (t.startsWith('{') && t.includes('"order_params"'))) {
    try {
      list = parseJson(t);
    } catch {
      throw usage(`--file: ${name} is not valid JSON`);
    }
    if (!Array.isArray(list)) list = (list as { order_params?: unknown }).order_params;
  } else {
    const found: unknown[] = [];
    labels = [];
    const bad: string[] = [];
    for (const [i, line] of text.split('\n').entries()) {
      if (!line.trim()) continue;
      try {
        found.push(parseJson(line));
        labels.push(`line ${i + 1}`);
      } catch {
        bad.push(`line ${i + 1}: not a JSON object`);
      }
    }
    if (bad.length) throw refused(bad, name, found.length + bad.length);
    list = found;
  }
  if (!Array.isArray(list) || list.some((o) => !o || typeof o !== 'object' || Array.isArray(o))) throw usage(`--file: ${name}: expected a list of order objects`);
  if (!list.length) throw none();
  return { orders: list as Array<Record<string, unknown>>, labels: labels ?? list.map((_, i) => `order ${i + 1}`) };
}

/** One usage error naming every bad line, one a line (`bad`: how many orders they are): nothing was sent. */
function refused(problems: readonly string[], name: string, total: number, bad = problems.length, hint?: string): BmError {
  return usage(`${name}: ${bad} of ${total} orders refused; nothing was sent\n  ${problems.join('\n  ')}`, hint);
}

function text(o: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return scalarText(o[k]);
  return undefined;
}

/**
 * The key two client order ids collide under: the venue (as the sandbox models it, spec 2.7) keeps
 * one order per id exactly as given, so `abc` and `ABC` are two ids.
 */
export function clientIdKey(id: string): string {
  return id;
}

/** What a batch's checks need to say where an order is. */
export interface CheckOptions {
  /** The client order ids a resumed batch's journal gave the orders. */
  readonly ids?: readonly string[];
  /** How messages name each order (default `order N`). */
  readonly labels?: readonly string[];
  /** The file, as messages name it. */
  readonly name?: string;
}

/**
 * Every order checked against its pair's rules, and the client order ids unique across the batch.
 * All failures are gathered into one usage error, one line per bad order.
 */
export async function checkAll(src: PairSource, symbol: string, raw: ReadonlyArray<Record<string, unknown>>, opts: CheckOptions = {}): Promise<CheckedOrder[]> {
  const label = (i: number) => opts.labels?.[i] ?? `order ${i + 1}`;
  const problems: string[] = [];
  const bad = new Set<number>();
  const checked: CheckedOrder[] = [];
  const seen = new Map<string, { id: string; at: number[] }>();
  for (const [i, o] of raw.entries()) {
    try {
      const sym = checkSymbol(text(o, 'symbol') ?? symbol, `${label(i)}: symbol`);
      const input = { symbol: sym, side: text(o, 'side'), type: text(o, 'type'), size: text(o, 'size'), price: text(o, 'price'), notional: text(o, 'notional'), client_order_id: text(o, 'client_order_id', 'clientOrderId') ?? opts.ids?.[i] };
      const c = checkOrder(input as Parameters<typeof checkOrder>[0], await pairRules(src, sym), `${label(i)}: `);
      checked.push(c);
      const same = seen.get(clientIdKey(c.clientOrderId));
      if (same) same.at.push(i);
      else seen.set(clientIdKey(c.clientOrderId), { id: c.clientOrderId, at: [i] });
    } catch (err) {
      if (!(err instanceof BmError) || err.category !== 'usage') throw err;
      problems.push(err.message);
      bad.add(i);
    }
  }
  for (const { id, at } of seen.values()) {
    if (at.length < 2) continue;
    problems.push(`${at.map(label).join(', ')}: the same client order id '${id}' (the venue holds one order per id; give each order its own)`);
    for (const i of at) bad.add(i);
  }
  if (problems.length) throw refused(problems, opts.name ?? 'the batch', raw.length, bad.size);
  return checked;
}

/**
 * The fat-finger guard of `order place` (`checkDeviation`) on every priced order to be sent, against
 * its pair's last price read once per pair; every order through the market by more than `maxPct`
 * percent is named at once. `maxPct` undefined: no check.
 */
export async function checkPrices(src: Pick<PairSource, 'calls'>, orders: ReadonlyArray<{ order: CheckedOrder; label: string }>, maxPct: string | undefined, name: string): Promise<void> {
  const priced = orders.filter((o) => o.order.price !== undefined);
  if (maxPct === undefined || !priced.length) return;
  const last = new Map<string, string>();
  for (const s of new Set(priced.map((o) => o.order.symbol))) last.set(s, (await readQuote(src, s)).last);
  const problems: string[] = [];
  let enough = '0';
  for (const { order, label } of priced) {
    const at = last.get(order.symbol)!;
    try {
      checkDeviation(order, at, maxPct);
    } catch (err) {
      if (!(err instanceof BmError)) throw err;
      problems.push(`${label}: ${err.message}`);
      const need = isPrice(at) ? enoughDeviation(order.price!, at) : '0';
      if (cmp(need, enough) > 0) enough = need;
    }
  }
  const hint = enough === '0' ? 'check the market with: bm ticker, or skip the check with --max-deviation none' : `check the prices; to send them anyway: --max-deviation ${enough} (or none to skip the check)`;
  if (problems.length) throw refused(problems, name, orders.length, problems.length, hint);
}
