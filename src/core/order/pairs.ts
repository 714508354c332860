/**
 * Pair rules (symbol details) cached under the cache dir for an hour per venue, so order checks and
 * shell completion never wait on the network more than once.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoint } from '../../api/catalogue/index.js';
import { cacheDir } from '../../util/paths.js';
import type { CallsSource } from '../calls.js';
import type { Env } from '../../util/paths.js';
import { usage } from '../../errors.js';
import { scalarText } from '../../util/json.js';

/** The fields of spec 2.2 that order checks use, as text. */
export interface PairRules {
  readonly symbol: string;
  readonly base_currency: string;
  readonly quote_currency: string;
  readonly quote_increment: string;
  readonly base_min_size: string;
  readonly base_max_size: string;
  readonly price_max_precision: string;
  readonly min_buy_amount: string;
  readonly min_sell_amount: string;
  readonly trade_status: string;
}

const TTL_MS = 3600_000;

/** Where the rules are read: a command's context, or a library client. */
export interface PairSource extends CallsSource {
  readonly env: Env;
  baseUrl(): Promise<string>;
}

function cacheFile(ctx: PairSource, base: string): string {
  return join(cacheDir(ctx.env), `pairs-${createHash('sha256').update(base).digest('hex').slice(0, 12)}.json`);
}

function toRules(r: Record<string, unknown>): PairRules {
  const t = (k: string) => scalarText(r[k]);
  return {
    symbol: t('symbol'), base_currency: t('base_currency'), quote_currency: t('quote_currency'), quote_increment: t('quote_increment'),
    base_min_size: t('base_min_size'), base_max_size: t('base_max_size'), price_max_precision: t('price_max_precision'),
    min_buy_amount: t('min_buy_amount'), min_sell_amount: t('min_sell_amount'), trade_status: t('trade_status'),
  };
}

async function fetchAll(ctx: PairSource, file: string): Promise<PairRules[]> {
  const data = await (await ctx.calls()).send(endpoint('spot.symbols.details'));
  const rules = ((data as { symbols?: Array<Record<string, unknown>> }).symbols ?? []).map(toRules);
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify({ at: Date.now(), rules }), { mode: 0o600 });
    writeFileSync(join(file, '..', 'symbols.txt'), rules.map((r) => `${r.symbol}\n`).join(''), { mode: 0o600 });
  } catch {
    // A cache that cannot be written only costs a request next time.
  }
  return rules;
}

/** Every pair's rules: from the cache when fresh, else from the venue. */
export async function allPairs(ctx: PairSource, fresh = false): Promise<PairRules[]> {
  const file = cacheFile(ctx, await ctx.baseUrl());
  if (!fresh) {
    try {
      const cached = JSON.parse(readFileSync(file, 'utf8')) as { at: number; rules: PairRules[] };
      if (Date.now() - cached.at < TTL_MS) return cached.rules;
    } catch {
      // no cache yet
    }
  }
  return fetchAll(ctx, file);
}

/** One pair's rules; an unknown pair is a usage error (nothing is sent). */
export async function pairRules(ctx: PairSource, symbol: string): Promise<PairRules> {
  let found = (await allPairs(ctx)).find((p) => p.symbol === symbol);
  if (!found) found = (await allPairs(ctx, true)).find((p) => p.symbol === symbol);
  if (!found) throw usage(`SYMBOL: no pair ${symbol} on this venue`, 'list pairs with: bm symbols');
  return found;
}

/**
 * The pair's price precision as a count of decimal places (a count, never money); undefined when the
 * venue gave none that reads as one.
 */
export function pricePlaces(rules: Pick<PairRules, 'price_max_precision'>): number | undefined {
  const digits = rules.price_max_precision;
  return /^[0-9]{1,2}$/.test(digits) ? Number.parseInt(digits, 10) : undefined;
}
