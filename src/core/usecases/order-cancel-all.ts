/**
 * Cancels every open order of one pair or, with none named, of every pair that has open orders (the
 * venue takes one pair a request), under one confirmation. Each pair's {@link OneWriteOutcome}: a pair
 * whose outcome is unknown does not stop the others; any other failure stops the rest (the pairs done
 * before it are kept).
 */
import { STATUS_CODE } from '../../api/catalogue/statuses.js';
import { allPairs } from '../order/pairs.js';
import { carefulWrite } from '../write/pipeline.js';
import { outcomeOf, type OneWriteOutcome } from './order-outcome.js';
import type { OrderPort } from './order-port.js';

/** The catalogue's cancel of every open order of one pair. */
export const CANCEL_ALL_ID = 'spot.order.cancel_all';

/** Enough rows of the open-orders list to tell whether any order of the side is open (a full page says yes). */
const PEEK = 100;

export interface CancelAllRequest {
  /** One pair (checked by the face); absent: every pair with open orders. */
  readonly symbol?: string;
  /** Only this side's orders (a side word of the catalogue); absent: both. */
  readonly side?: string;
  readonly command: string;
  /** Already confirmed by the face (the trading terminal's own question). */
  readonly confirmed?: boolean;
}

export interface CancelAllResult {
  /** The pairs that had open orders (nothing was asked or sent when none). */
  readonly symbols: readonly string[];
  /** Each pair's outcome, in order, up to the one that stopped the rest. */
  readonly pairs: ReadonlyArray<{ readonly symbol: string; readonly outcome: OneWriteOutcome }>;
  /** The failure that stopped the rest (thrown again by a face that ends on it). */
  readonly stopped?: unknown;
}

/** True when the pair has an open order (of `side`, when given): a cancel there has something to cancel. */
async function hasOpen(port: OrderPort, symbol: string, side: string | undefined): Promise<boolean> {
  const calls = await port.calls();
  const data = await calls.send(port.channel.entry('spot.orders'), [['symbol', symbol], ['N', side ? PEEK : 1], ['status', STATUS_CODE.open]]);
  const orders = ((data as { orders?: Array<{ side?: unknown }> }).orders ?? []);
  return side === undefined ? orders.length > 0 : orders.length >= PEEK || orders.some((o) => o.side === side);
}

async function pairsWithOpenOrders(port: OrderPort, side: string | undefined): Promise<string[]> {
  const out: string[] = [];
  for (const p of await allPairs(port)) if (await hasOpen(port, p.symbol, side)) out.push(p.symbol);
  return out;
}

/** Cancels every open order of the pairs asked for; see the module's comment. */
export async function cancelAllOrders(port: OrderPort, req: CancelAllRequest): Promise<CancelAllResult> {
  const { symbol: asked, side, command } = req;
  const symbols = asked ? (await hasOpen(port, asked, side) ? [asked] : []) : await pairsWithOpenOrders(port, side);
  if (!symbols.length) return { symbols, pairs: [] };
  if (!req.confirmed) await port.host.confirm(`Cancel every open ${side ? `${side} ` : ''}order on ${symbols.join(', ')}`, command);
  const ep = port.channel.entry(CANCEL_ALL_ID);
  const pairs: Array<{ symbol: string; outcome: OneWriteOutcome }> = [];
  for (const symbol of symbols) {
    try {
      const outcome = await outcomeOf('cancelled', command, () => carefulWrite(port.host, port.channel, { ep, params: [['symbol', symbol], ...(side ? [['side', side] as const] : [])], command, confirmed: true }));
      pairs.push({ symbol, outcome });
      if (outcome.kind === 'rejected') return { symbols, pairs, stopped: outcome.error };
    } catch (err) {
      return { symbols, pairs, stopped: err };
    }
  }
  return { symbols, pairs };
}
