/**
 * Following a placed order until it reaches a state (`bm order place --wait filled|done`): its stream
 * when there is one, its row read otherwise, all under one deadline; the order is never cancelled or
 * changed. Loaded only by a placement that waits.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Row } from '../../util/row.js';
import { CurrentCalls } from '../calls.js';
import { checkAnswered } from '../order/answered.js';
import { followOrder, type OrderIds } from '../order/order-stream.js';
import { waitForOrder, type WaitResult, type WaitSpec } from '../order/wait.js';
import type { Session } from '../session.js';
import { ONE_ORDER_READ } from './endpoint-traits.js';

export type { WaitResult, WaitSpec } from '../order/wait.js';

/** What a wait needs of the face: its session's venue and account, and where progress lines go. */
export type WaitPort = Pick<Session, 'venue' | 'resolvedVenue' | 'credentials' | 'verbose' | 'trace' | 'timeoutMs' | 'clock' | 'wiring'> & {
  note(line: string): void;
};

/** The order's row, read within `leftMs` (the request's own timeout never outlasts the wait). */
async function readOrder(port: WaitPort, symbol: string, orderId: string, leftMs: number, command: string): Promise<Row> {
  const calls = new CurrentCalls({ ...port.wiring(), timeoutMs: Math.max(1, Math.min(port.timeoutMs, leftMs)) });
  const params = [['symbol', symbol], ['order_id', orderId]] as const;
  const row = (await calls.send(endpoint(ONE_ORDER_READ), params)) as Row;
  checkAnswered(command, params, row);
  return row;
}

/**
 * Waits for order `ids` of `symbol` as `spec` says; `command` names the wait in messages (`order place
 * --wait`); `clock`: the wait's own (default: the port's, else the system's).
 */
export function waitForPlaced(port: WaitPort, symbol: string, ids: OrderIds, spec: WaitSpec, command: string, clock = port.clock): Promise<WaitResult> {
  return waitForOrder(spec, {
    read: (leftMs) => readOrder(port, symbol, ids.orderId, leftMs, command),
    follow: followOrder(port, symbol, ids),
    note: (line) => port.note(line),
    ...(clock ? { clock } : {}),
  });
}
