/** A stop: a sell fires at the first trade at or below its trigger (stop-loss), a buy at or above it (stop-entry). */
import { triggerOf } from '../spec.js';
import { limit, optional, required } from './common.js';
import type { KindDef } from './types.js';

export const stop: KindDef = {
  kind: 'stop', method: 'stop',
  summary: 'Stop-loss or stop-entry held by bm: places an order when a trade reaches the trigger',
  fires: 'a sell at the first trade at or below the trigger (stop-loss), a buy at or above it (stop-entry); a market order, or a limit at `price`',
  judgedNow: true,
  inputs: [
    { key: 'trigger', value: 'price', help: 'a sell fires at a trade at or below it, a buy at or above it', type: 'decimal', required: true },
    { key: 'price', value: 'price', help: 'limit price of the order placed when it fires (default: a market order)', type: 'decimal' },
  ],
  examples: ['bm order stop BTC_USDT --side sell --trigger 60000 --size 0.01 --dry-run', 'bm order stop BTC_USDT --side buy --trigger 70000 --notional 500 --dry-run', 'bm order stop BTC_USDT --side sell --trigger 60000 --size 0.001 --detach --yes'],
  read(input, _side, nameOf) {
    required(input, 'trigger', nameOf, 'the price that fires the order');
    optional(input, 'price', nameOf);
  },
  plan: (a) => ({ legs: [a.leg({ name: 'stop', trigger: triggerOf('stop', a.side, a.input.trigger!), ...limit(a.input.price) })] }),
};
