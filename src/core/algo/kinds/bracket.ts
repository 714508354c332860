/**
 * A bracket: an entry order, and a take-profit and a stop that arm only when, and for what, the entry
 * fills (one-triggers-other): a partial fill arms that much, growing with later fills. The exits are one
 * OCO (the first met fires, the other is cancelled unsent). With `order_id`, the entry is an order already
 * open on the venue, and the exits attach to it. Its exits are judged against the entry's price (a buy's
 * take-profit above it, its stop below), not against today's market, since they arm only on its fills.
 */
import { endpoint } from '../../../api/catalogue/index.js';
import { statusLife } from '../../../api/catalogue/statuses.js';
import type { Side } from '../../../api/catalogue/vocab.js';
import { usage } from '../../../errors.js';
import { cmp } from '../../../util/decimal.js';
import { scalarText } from '../../../util/json.js';
import type { CallsSource } from '../../calls.js';
import { triggerOf } from '../model/spec.js';
import { buyBack, limit, optional } from './common.js';
import type { AlgoInput, KindDef, NameOf } from './types.js';

const opposite = (s: Side): Side => (s === 'buy' ? 'sell' : 'buy');

/** The exits' triggers against the entry price: a buy's take-profit above it and stop below; a sell's the other way. */
function judged(input: AlgoInput, side: Side, nameOf: NameOf, price: string): void {
  const tp = input.takeProfit;
  const stop = input.stop;
  const above = side === 'buy';
  if (tp !== undefined && (above ? cmp(tp, price) <= 0 : cmp(tp, price) >= 0)) throw usage(`${nameOf('takeProfit')}: a ${side} entry's take-profit must be ${above ? 'above' : 'below'} its price ${price} (got ${tp})`);
  if (stop !== undefined && (above ? cmp(stop, price) >= 0 : cmp(stop, price) <= 0)) throw usage(`${nameOf('stop')}: a ${side} entry's stop must be ${above ? 'below' : 'above'} its price ${price} (got ${stop})`);
}

export const bracket: KindDef = {
  kind: 'bracket', method: 'bracket', sizedBy: ['size'],
  summary: 'An entry order with a take-profit and a stop held by bm that arm on its fills, for what filled; the first met cancels the other',
  fires: 'the entry at once (or none: the open order it is attached to); then, for what of the entry has filled, the first of its take-profit and stop met by a trade, the entry\'s rest cancelled first and the other exit never sent',
  inputs: [
    { key: 'price', value: 'price', help: 'the entry\'s limit price', type: 'decimal' },
    { key: 'takeProfit', value: 'price', help: 'the take-profit\'s trigger: above the entry for a buy, below for a sell', type: 'decimal' },
    { key: 'tpPrice', value: 'price', help: 'the take-profit\'s limit price (default: market)', type: 'decimal' },
    { key: 'stop', value: 'price', help: 'the stop\'s trigger: below the entry for a buy, above for a sell', type: 'decimal' },
    { key: 'stopPrice', value: 'price', help: 'the stop\'s limit price (default: market)', type: 'decimal' },
    { key: 'orderId', value: 'id', help: 'attach the exits to this open order instead of placing an entry (its side, size and price are the order\'s)', type: 'id' },
  ],
  examples: [
    'bm order bracket BTC_USDT --side buy --size 0.01 --price 64000 --stop 62000 --take-profit 68000 --dry-run',
    'bm order bracket BTC_USDT --side sell --size 0.001 --price 70000 --stop 72000 --take-profit 66000 --dry-run',
  ],
  read(input, side, nameOf) {
    for (const k of ['price', 'takeProfit', 'tpPrice', 'stop', 'stopPrice'] as const) optional(input, k, nameOf);
    if (input.takeProfit === undefined && input.stop === undefined) throw usage(`${nameOf('stop')} or ${nameOf('takeProfit')} is required (the exits that arm on the entry's fills)`);
    if (input.orderId !== undefined) {
      if (!/^[0-9]+$/.test(input.orderId)) throw usage(`${nameOf('orderId')}: an order id is digits (got '${input.orderId}')`);
      // The order's side and price, once known (read from the venue, or given by a face that holds the order).
      if (side !== undefined && input.price !== undefined) judged(input, side, nameOf, input.price);
      return;
    }
    if (input.size === undefined) throw usage(`${nameOf('size')} is required (the entry's quantity, base currency)`);
    // Its exits are judged against the entry's price: a limit. (A position already held is protected with an oco.)
    if (input.price === undefined) throw usage(`${nameOf('price')} is required (the entry's limit price; to protect what you hold, use an oco)`);
    judged(input, side, nameOf, input.price);
  },
  /** With `order_id`: the entry is that order, read from the venue (open, of this pair): its side, size and price. */
  async resolve(src: CallsSource, input: AlgoInput, nameOf: NameOf): Promise<AlgoInput> {
    if (input.orderId === undefined) return input;
    for (const k of ['side', 'size', 'notional', 'price'] as const) if (input[k] !== undefined) throw usage(`${nameOf(k)}: not with ${nameOf('orderId')} (the order's is used)`);
    const row = (await (await src.calls()).send(endpoint('spot.order.detail'), [['symbol', input.symbol], ['order_id', input.orderId]])) as Record<string, unknown>;
    const status = scalarText(row.status);
    if (statusLife(status) !== 'open') throw usage(`${nameOf('orderId')}: order ${input.orderId} is not open (status ${status || 'unknown'}): nothing to attach to`);
    const size = scalarText(row.size);
    const price = scalarText(row.price);
    const resolved = { ...input, side: scalarText(row.side), size, ...(scalarText(row.type) === 'market' || price === '' ? {} : { price }) };
    if (resolved.price !== undefined) judged(resolved, resolved.side as Side, nameOf, resolved.price);
    return resolved;
  },
  plan(a) {
    const exit = opposite(a.side);
    const size = a.input.size!;
    // A buy exit spends what filled at its trigger (the venue sizes market buys by the quote they spend).
    const amount = (trigger: string, price: string | undefined) => buyBack(exit, size, trigger, price, a.rules) ?? { size };
    const entry = a.input.orderId !== undefined
      ? a.leg({ name: 'entry', size, existing: a.input.orderId, ...limit(a.input.price) })
      : a.leg({ name: 'entry', size, due: a.now, ...limit(a.input.price) });
    const legs = [entry];
    if (a.input.takeProfit !== undefined) legs.push(a.leg({ name: 'tp', side: exit, after: 'entry', group: 'exit', trigger: triggerOf('tp', exit, a.input.takeProfit), ...amount(a.input.takeProfit, a.input.tpPrice), ...limit(a.input.tpPrice) }));
    if (a.input.stop !== undefined) legs.push(a.leg({ name: 'stop', side: exit, after: 'entry', group: 'exit', trigger: triggerOf('stop', exit, a.input.stop), ...amount(a.input.stop, a.input.stopPrice), ...limit(a.input.stopPrice) }));
    return { legs, extra: { rules: a.rules } };
  },
};
