/**
 * What a face (the command line, `bm trade`, the library) gives the order use cases: where the venue is
 * read (pairs, quotes), how a write is confirmed and noted (its host: the command line's prompt, the
 * library's own rule), how its requests leave (a dry run shown the face's way), and how much of the
 * market the confirmation reads.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { checkDeviation, contextLines, readBook, readQuote } from '../order/market-context.js';
import type { CheckedOrder } from '../order/check.js';
import type { PairRules, PairSource } from '../order/pairs.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';

/**
 * What the confirmation reads of the market: `shown`: the context lines (a person is asked, or a dry run
 * prints them); `guard`: only what the deviation guard needs, when one is given; `skip`: nothing (the
 * confirmation is refused at once: reading first would only delay that).
 */
export type MarketView = 'shown' | 'guard' | 'skip';

export interface OrderPort extends PairSource {
  /** Confirmation, progress lines, dry run, the clock of pauses. */
  readonly host: WriteHost;
  /** The current generation's requests as the write pipeline sends them. */
  readonly channel: WriteChannel<Endpoint>;
  readonly market: MarketView;
  /** Runs a check of the caller's input, its error worded for the face (the library names properties); absent: as is. */
  checked?<T>(check: () => T): T;
}

/** Runs `check` through the port's wording. */
export const checkedBy = <T>(port: Pick<OrderPort, 'checked'>, check: () => T): T => (port.checked ? port.checked(check) : check());

/**
 * The market context of an order's confirmation, the deviation guard (`maxPct`, percent) checked first;
 * reads only what the port's view and the guard need.
 */
export async function marketLines(port: OrderPort, order: CheckedOrder, rules: PairRules, maxPct: string | undefined): Promise<string[]> {
  if (port.market === 'skip') return [];
  const guarded = maxPct !== undefined && order.price !== undefined;
  if (port.market === 'guard' && !guarded) return [];
  const [quote, book] = await Promise.all([readQuote(port, order.symbol), order.price === undefined ? readBook(port, order.symbol) : undefined]);
  checkDeviation(order, quote.last, maxPct);
  if (port.market === 'guard') return [];
  return contextLines(order, quote, book, rules.base_currency, rules.quote_currency);
}
