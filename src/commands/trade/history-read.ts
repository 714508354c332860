/**
 * What the history pane reads from the venue, each answer sent on as a message: the pair's recent ended
 * orders (`GET /spot/v2/orders`, filled and cancelled: the venue lists the newest 100 and no older page)
 * with the newest page of its fills for their fees, and one order's fills when it is opened.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import type { Context } from '../../context.js';
import { fillPages, pageThrough } from '../../core/usecases/orders-read.js';
import type { Row } from '../../util/row.js';
import type { Msg } from './msg.js';

/** Fills of the pair (newest first) read with its history, for the fees of its recent orders. */
const FILLS_WITH_HISTORY = PROTOCOL.fillsPerPage;

/** The pair's ended orders and the newest page of its fills, as one `history` message (or `historyFailed`). */
export async function readHistory(ctx: Context, symbol: string, dispatch: (m: Msg) => void, now: () => number): Promise<void> {
  try {
    const { endedOrders } = await import('../../core/usecases/live.js');
    const orders = { orders: await endedOrders(ctx, symbol) };
    const fills: Row[] = [];
    await pageThrough(ctx, fillPages(endpoint('spot.trades.user'), [symbol], undefined, FILLS_WITH_HISTORY), (rows) => void fills.push(...rows));
    dispatch({ kind: 'history', symbol, orders, fills });
  } catch (err) {
    dispatch({ kind: 'historyFailed', symbol, text: `reading the history: ${(err as Error).message}`, at: now() });
  }
}

/** Every fill of one order, as one `orderFills` message. */
export async function readOrderFills(ctx: Context, symbol: string, orderId: string, dispatch: (m: Msg) => void, now: () => number): Promise<void> {
  const rows: Row[] = [];
  try {
    await pageThrough(ctx, fillPages(endpoint('spot.trades.user'), [symbol], orderId), (got) => void rows.push(...got));
    dispatch({ kind: 'orderFills', symbol, orderId, rows, at: now() });
  } catch (err) {
    dispatch({ kind: 'orderFills', symbol, orderId, rows: [], failed: (err as Error).message, at: now() });
  }
}
