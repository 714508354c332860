/**
 * `bm portfolio`: the wallet valued in one currency (from the tickers' last prices), the open orders
 * of every pair and the newest fills, each fetched pair by pair within the rate limit; with `--pnl`,
 * the P&L of every pair from all of its fills, read page by page (the account use case,
 * src/core/usecases/account.ts).
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { checkCurrency, checkInt } from '../../core/usecases/params.js';
import { fillParams, openOrderParams } from '../../core/usecases/orders-read.js';
import { pnlOf, valueAccount } from '../../core/usecases/account.js';
import { newestFirst, overPairs, pairsOfAccount } from '../across.js';
import { warnData } from '../paged.js';
import { printPortfolio } from './print.js';

export async function run(ctx: Context, opts: { in?: string; fills?: string; pnl?: boolean }): Promise<void> {
  const quote = checkCurrency(opts.in ?? 'USDT', '--in');
  const fillCount = Number(checkInt(opts.fills ?? '10', '--fills', 0, 100));
  // Checked before the wallet, the orders and the fills are read.
  const { rules, wallet, valuation } = await valueAccount(ctx, quote, { flag: '--in' });
  const open = newestFirst(await overPairs(ctx, endpoint('spot.orders'), await pairsOfAccount(ctx, true, wallet), 'open orders', openOrderParams()));
  const fillsEp = endpoint('spot.trades.user');
  const traded = await pairsOfAccount(ctx, false, wallet);
  const fills = fillCount === 0 ? [] : newestFirst(await overPairs(ctx, fillsEp, traded, 'fills', fillParams(String(fillCount)))).slice(0, fillCount);
  if (valuation.unpriced.length) ctx.note(`bm: no price in ${quote} for ${valuation.unpriced.join(', ')}: left out of the total`);
  if (ctx.globals.dryRun) return;
  // Every fill of every pair traded (those of the wallet read above), page by page: asked for, never a
  // cost of every portfolio.
  const pnl = opts.pnl ? await pnlOf(ctx, traded, {}, (line) => ctx.note(line)) : undefined;
  if (pnl) {
    for (const s of pnl.end.repeated) warnData(ctx, `the venue answered a further page of ${s} with fills already read: its P&L may miss older fills`);
    if (pnl.end.capped) warnData(ctx, `stopped at ${pnl.end.rows} fills: the P&L misses older ones (see bm pnl SYMBOL --from)`);
  }
  printPortfolio(ctx, { valuation, open, fills, fillCount, rules, ...(pnl ? { pnl } : {}) });
  if (!pnl) ctx.note('bm: P&L per pair (position, average cost, realized, unrealized, fees): bm portfolio --pnl, or bm pnl');
}
