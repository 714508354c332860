/**
 * The sandbox's trading pairs (spec 2.2) and currencies (spec 2.1), with the parameters that drive
 * the simulated market of each pair. Prices are kept by the simulation as integer ticks of
 * 10^-price_max_precision, sizes as integer lots of `quote_increment` (which the spec defines as the
 * order-size increment, in base currency).
 */
import type { PairDetails } from '../exchange-api.js';

export interface PairSim {
  /** Starting mid price, decimal string. */
  readonly start: string;
  /** Volatility per minute, as a fraction of the price. */
  readonly sigmaPerMinute: number;
  /** Typical resting size of a market-maker level, in lots. */
  readonly lots: number;
  /** Half the market-maker spread, in ticks. */
  readonly halfSpreadTicks: number;
}

export interface PairSpec {
  readonly details: PairDetails;
  /** Highest accepted price (50025). */
  readonly maxPrice: string;
  readonly sim: PairSim;
}

function pair(
  symbol_id: number, symbol: string, inc: string, minSize: string, maxSize: string, pmin: number, pmax: number,
  minBuy: string, minSell: string, maxPrice: string, sim: PairSim,
): PairSpec {
  const [base_currency, quote_currency] = symbol.split('_') as [string, string];
  return {
    details: {
      symbol, symbol_id, base_currency, quote_currency, quote_increment: inc, base_min_size: minSize, base_max_size: maxSize,
      price_min_precision: pmin, price_max_precision: pmax, expiration: 'NA', min_buy_amount: minBuy, min_sell_amount: minSell,
      trade_status: 'trading',
    },
    maxPrice,
    sim,
  };
}

export const PAIRS: readonly PairSpec[] = [
  pair(53, 'BTC_USDT', '0.00001', '0.00001', '100000000', 1, 2, '5', '5', '10000000',
    { start: '65000.00', sigmaPerMinute: 0.0006, lots: 3000, halfSpreadTicks: 150 }),
  pair(54, 'ETH_USDT', '0.0001', '0.0001', '100000000', 1, 2, '5', '5', '1000000',
    { start: '3200.00', sigmaPerMinute: 0.0008, lots: 4000, halfSpreadTicks: 20 }),
  pair(55, 'ETH_BTC', '0.001', '0.001', '10000000', 4, 6, '0.0001', '0.0001', '100',
    { start: '0.049230', sigmaPerMinute: 0.0005, lots: 500, halfSpreadTicks: 10 }),
  pair(71, 'SOL_USDT', '0.01', '0.01', '10000000', 2, 3, '5', '5', '100000',
    { start: '148.250', sigmaPerMinute: 0.001, lots: 800, halfSpreadTicks: 30 }),
  pair(8, 'BMX_ETH', '1', '10', '100000000', 6, 8, '0.001', '0.001', '1',
    { start: '0.00009375', sigmaPerMinute: 0.0015, lots: 20000, halfSpreadTicks: 15 }),
];

const BY_SYMBOL = new Map(PAIRS.map((p) => [p.details.symbol, p]));

export function pairSpec(symbol: string): PairSpec | undefined {
  return BY_SYMBOL.get(symbol);
}

export interface CurrencyInfo {
  readonly id: string;
  readonly name: string;
  readonly withdraw_enabled: boolean;
  readonly deposit_enabled: boolean;
}

export const CURRENCIES: readonly CurrencyInfo[] = [
  { id: 'BTC', name: 'Bitcoin', withdraw_enabled: true, deposit_enabled: true },
  { id: 'ETH', name: 'Ethereum', withdraw_enabled: true, deposit_enabled: true },
  { id: 'USDT', name: 'Tether USD', withdraw_enabled: true, deposit_enabled: true },
  { id: 'SOL', name: 'Solana', withdraw_enabled: true, deposit_enabled: true },
  { id: 'BMX', name: 'BitMart Token', withdraw_enabled: false, deposit_enabled: true },
];

export function currencyName(id: string): string {
  return CURRENCIES.find((c) => c.id === id)?.name ?? id;
}
