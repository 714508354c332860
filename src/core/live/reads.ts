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
    open: async () => {
      const data = await (await src.calls()).send(endpoint('spot.orders'), [['symbol', symbol], ['N', PROTOCOL.ordersPerList], ['status', STATUS_CODE.open]]);
      return ((data as { orders?: Entry[] } | undefined)?.orders ?? []);
    },
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
