/**
 * `bm pnl`: the P&L of each pair from the account's fills (src/core/portfolio/pnl-fills.ts). json
 * keeps the figures exact; other formats round them (half to even) to the quote currency's places.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { allPairs, fillPages } from '../../core/usecases/orders-read.js';
import { pnlOf, pnlPairs, windowOf } from '../../core/usecases/account.js';
import { overPairs } from '../across.js';
import { warnData } from '../paged.js';
import { printPnl } from '../pnl-print.js';

export async function run(ctx: Context, symbol: string | undefined, opts: { from?: string; to?: string }): Promise<void> {
  const sym = symbol === undefined ? undefined : checkSymbol(symbol);
  const window = { ...windowOf(opts.from, opts.to, { from: '--from', to: '--to' }), ...(sym === undefined ? {} : { symbol: sym }) };
  const pairs = await pnlPairs(ctx, sym);
  const ep = endpoint('spot.trades.user');
  if (!pairs.length || ctx.globals.dryRun) {
    // Says there is no pair, or prints the first page of each (the rest follow page by page).
    await overPairs(ctx, ep, pairs, 'fills', (s) => fillPages(ep, pairs).params(s, 1));
    if (ctx.globals.dryRun) return;
  }
  const report = await pnlOf(ctx, pairs, window, (line) => ctx.note(line));
  for (const s of report.end.repeated) warnData(ctx, `the venue answered a further page of ${s} with fills already read: its P&L may miss older fills`);
  if (report.end.capped) warnData(ctx, `stopped at ${report.end.rows} fills: the P&L misses older ones (narrow it: a SYMBOL, --from)`);
  if (pairs.length && !report.pairs.length) ctx.note(`bm: no fills of ${pairs.join(', ')} in the window: nothing to count`);
  const unmatched = report.pairs.filter((p) => p.unmatched !== '0');
  if (unmatched.length) ctx.note(`bm: sold beyond what the window bought (held before it; no P&L counted on it): ${unmatched.map((p) => `${p.unmatched} ${p.base}`).join(', ')}`);
  printPnl(ctx, report, window, await allPairs(ctx));
}
