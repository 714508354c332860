/** The REST reads a recovery of your orders and balances makes, over a session's calls (the CLI's or a library client's). */
import { endpoint } from '../../api/catalogue/index.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { STATUS_CODE } from '../../api/catalogue/statuses.js';
import { BmError } from '../../errors.js';
import type { CallsSource } from '../calls.js';
import type { Entry } from '../../ws/codec.js';
import type { OrderReads } from './orders.js';
import type { AccountReads } from './account.js';

/** The pair's open orders and one order by id, read over `src`'s calls. */
export function orderReads(src: CallsSource, symbol: string): OrderReads {
  return {
    open: () => listed(src, symbol, STATUS_CODE.open),
    one: async (orderId) => {
      try {
        return (await (await src.calls()).send(endpoint('spot.order.detail'), [['symbol', symbol], ['order_id', orderId]])) as Entry;
      } catch (err) {
        // The venue no longer knows it (an old order purged): nothing to say of it.
        if (err instanceof BmError && err.category === 'venue') return undefined;
        throw err;
      }
    },
  };
}

/** The pair's orders and the wallet, read over `src`'s calls. */
export function accountReads(src: CallsSource, symbol: string): AccountReads {
  return {
    ...orderReads(src, symbol),
    wallet: async () => ((await (await src.calls()).send(endpoint('spot.wallet'))) as { wallet?: Entry[] } | undefined)?.wallet ?? [],
  };
}

/**
 * The pair's recent ended orders (filled and cancelled, `GET /spot/v2/orders` with the `done` filter): the
 * newest the venue lists, at most its list's length (the spec gives this list no older page).
 */
export function endedOrders(src: CallsSource, symbol: string): Promise<Entry[]> {
  return listed(src, symbol, STATUS_CODE.done);
}

/** The pair's most recent orders of a list filter (`GET /spot/v2/orders`). */
async function listed(src: CallsSource, symbol: string, status: string): Promise<Entry[]> {
  const data = await (await src.calls()).send(endpoint('spot.orders'), [['symbol', symbol], ['N', PROTOCOL.ordersPerList], ['status', status]]);
  return ((data as { orders?: Entry[] } | undefined)?.orders ?? []);
}
