/** A take-profit: a sell fires at the first trade at or above its trigger, a buy at or below it. */
import { triggerOf } from '../spec.js';
import { limit, optional, required } from './common.js';
import type { KindDef } from './types.js';

export const takeProfit: KindDef = {
  kind: 'take-profit', method: 'takeProfit',
  summary: 'Take-profit held by bm: places an order when a trade reaches the trigger',
  fires: 'a sell at the first trade at or above the trigger, a buy at or below it; a market order, or a limit at `price`',
  judgedNow: true,
  inputs: [
    { key: 'trigger', value: 'price', help: 'a sell fires at a trade at or above it, a buy at or below it', type: 'decimal', required: true },
    { key: 'price', value: 'price', help: 'limit price of the order placed when it fires (default: a market order)', type: 'decimal' },
  ],
  examples: ['bm order take-profit BTC_USDT --side sell --trigger 72000 --size 0.01 --price 71950 --dry-run'],
  read(input, _side, nameOf) {
    required(input, 'trigger', nameOf, 'the price that fires the order');
    optional(input, 'price', nameOf);
  },
  plan: (a) => ({ legs: [a.leg({ name: 'tp', trigger: triggerOf('tp', a.side, a.input.trigger!), ...limit(a.input.price) })] }),
};
