/**
 * What the terminal reads for the pair's P&L (./pnl.ts keeps it): every fill of the pair, page by
 * page, and the fills of the orders whose pushed fills still lack their fee; each page sent on as a
 * message (the update drops one of a pair the terminal has left since).
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { fillPages, pageThrough } from '../../core/usecases/orders-read.js';
import type { Row } from '../../util/row.js';
import type { Msg } from './msg.js';

export class PnlReader {
  /** Orders with pushed fills whose fees are still to be read. */
  private readonly feeOrders = new Set<string>();

  constructor(private readonly ctx: Context, private readonly symbol: () => string, private readonly dispatch: (m: Msg) => void) {}

  private async read(symbol: string, orderId?: string): Promise<void> {
    await pageThrough(this.ctx, fillPages(endpoint('spot.trades.user'), [symbol], orderId), (rows: Row[]) => {
      this.dispatch({ kind: 'fills', symbol, rows, complete: false });
    });
  }

  /** Every fill of the pair (fills already counted count once). Throws what the read threw, the P&L marked failed. */
  async all(): Promise<void> {
    const symbol = this.symbol();
    try {
      await this.read(symbol);
      this.dispatch({ kind: 'fills', symbol, rows: [], complete: true });
    } catch (err) {
      this.dispatch({ kind: 'fillsFailed', symbol });
      throw err;
    }
  }

  /** The order's fees are read with {@link fees}. */
  feeOf(orderId: string): void {
    this.feeOrders.add(orderId);
  }

  /** The fills of each order noted by {@link feeOf} since the last call; an order whose read fails is tried with the next. */
  async fees(): Promise<void> {
    const symbol = this.symbol();
    for (const id of [...this.feeOrders]) {
      await this.read(symbol, id);
      this.feeOrders.delete(id);
    }
  }
}
