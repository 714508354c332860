/**
 * What the terminal reads for the pair's P&L (./pnl.ts keeps it): every fill of the pair, page by
 * page, and the fills of the orders whose pushed fills still lack their fee. A read for a pair the
 * terminal has left since is dropped.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { fillPages, pageThrough } from '../../core/order/pages.js';
import type { Row } from '../../util/row.js';
import { applyFillRows, pnlFailed } from './pnl.js';
import type { TradeState } from './state.js';

export class PnlReader {
  /** Orders with pushed fills whose fees are still to be read. */
  private readonly feeOrders = new Set<string>();

  constructor(private readonly ctx: Context, private readonly s: TradeState) {}

  private async read(sym: string, orderId?: string): Promise<void> {
    await pageThrough(this.ctx, fillPages(endpoint('spot.trades.user'), [sym], orderId), (rows: Row[]) => {
      if (this.s.symbol === sym) applyFillRows(this.s, rows);
    });
  }

  /** Every fill of the pair (fills already counted count once). Throws what the read threw, the P&L marked failed. */
  async all(): Promise<void> {
    const sym = this.s.symbol;
    try {
      await this.read(sym);
      if (this.s.symbol === sym) applyFillRows(this.s, [], true);
    } catch (err) {
      if (this.s.symbol === sym) pnlFailed(this.s);
      throw err;
    }
  }

  /** The order's fees are read with {@link fees}. */
  feeOf(orderId: string): void {
    this.feeOrders.add(orderId);
  }

  /** The fills of each order noted by {@link feeOf} since the last call; an order whose read fails is tried with the next. */
  async fees(): Promise<void> {
    const sym = this.s.symbol;
    for (const id of [...this.feeOrders]) {
      await this.read(sym, id);
      this.feeOrders.delete(id);
    }
  }
}
