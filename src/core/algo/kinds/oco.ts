/** One-cancels-other: a take-profit and a stop held together; the first met fires, the other is cancelled unsent. */
import { usage } from '../../../errors.js';
import { cmp } from '../../../util/decimal.js';
import { triggerOf } from '../model/spec.js';
import { buyBack, limit, optional, required } from './common.js';
import type { KindDef } from './types.js';

export const oco: KindDef = {
  kind: 'oco', method: 'oco',
  summary: 'A take-profit and a stop held by bm: the first met fires, the other is cancelled unsent',
  fires: 'the first of its take-profit and its stop met by a trade; the other is cancelled, never sent',
  judgedNow: true,
  inputs: [
    { key: 'tpTrigger', value: 'price', help: 'the take-profit\'s trigger', type: 'decimal', required: true },
    { key: 'tpPrice', value: 'price', help: 'the take-profit\'s limit price (default: market)', type: 'decimal' },
    { key: 'stopTrigger', value: 'price', help: 'the stop\'s trigger', type: 'decimal', required: true },
    { key: 'stopPrice', value: 'price', help: 'the stop\'s limit price (default: market)', type: 'decimal' },
  ],
  examples: ['bm order oco BTC_USDT --side sell --size 0.01 --tp-trigger 72000 --stop-trigger 60000 --dry-run', 'bm order oco BTC_USDT --side buy --size 0.01 --tp-trigger 60000 --stop-trigger 72000 --dry-run'],
  read(input, side, nameOf) {
    const tp = required(input, 'tpTrigger', nameOf, 'the take-profit\'s trigger price');
    const stop = required(input, 'stopTrigger', nameOf, 'the stop\'s trigger price');
    optional(input, 'tpPrice', nameOf);
    optional(input, 'stopPrice', nameOf);
    // A sell takes profit above and stops below; a buy the other way round: else both could fire at once.
    if ((side === 'sell' ? cmp(tp, stop) : cmp(stop, tp)) <= 0) throw usage(`${nameOf('tpTrigger')}: must be ${side === 'sell' ? 'above' : 'below'} ${nameOf('stopTrigger')} for a ${side} (got ${tp} and ${stop})`);
  },
  plan: (a) => {
    // A buy given a size buys that size back whichever fires: a market leg spends size × its own trigger.
    const amount = (trigger: string, price: string | undefined) => (a.input.size !== undefined ? buyBack(a.side, a.input.size, trigger, price, a.rules) : undefined);
    return {
      legs: [
        a.leg({ name: 'tp', group: 'oco', trigger: triggerOf('tp', a.side, a.input.tpTrigger!), ...amount(a.input.tpTrigger!, a.input.tpPrice), ...limit(a.input.tpPrice) }),
        a.leg({ name: 'stop', group: 'oco', trigger: triggerOf('stop', a.side, a.input.stopTrigger!), ...amount(a.input.stopTrigger!, a.input.stopPrice), ...limit(a.input.stopPrice) }),
      ],
    };
  },
};
