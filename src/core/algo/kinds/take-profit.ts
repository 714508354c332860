/** A take-profit: a sell fires at the first trade at or above its trigger, a buy at or below it. */
import { oneTrigger } from './common.js';

export const takeProfit = oneTrigger({
  kind: 'take-profit', method: 'takeProfit', leg: 'tp',
  summary: 'Take-profit held by bm: places an order when a trade reaches the trigger',
  fires: 'a sell at the first trade at or above the trigger, a buy at or below it; a market order, or a limit at `price`',
  meets: 'a sell fires at a trade at or above it, a buy at or below it',
  examples: ['bm order take-profit BTC_USDT --side sell --trigger 72000 --size 0.01 --price 71950 --dry-run'],
});
