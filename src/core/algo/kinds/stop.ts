/** A stop: a sell fires at the first trade at or below its trigger (stop-loss), a buy at or above it (stop-entry). */
import { oneTrigger } from './common.js';

export const stop = oneTrigger({
  kind: 'stop', method: 'stop', leg: 'stop',
  summary: 'Stop-loss or stop-entry held by bm: places an order when a trade reaches the trigger',
  fires: 'a sell at the first trade at or below the trigger (stop-loss), a buy at or above it (stop-entry); a market order, or a limit at `price`',
  meets: 'a sell fires at a trade at or below it, a buy at or above it',
  examples: ['bm order stop BTC_USDT --side sell --trigger 60000 --size 0.01 --dry-run', 'bm order stop BTC_USDT --side buy --trigger 70000 --notional 500 --dry-run', 'bm order stop BTC_USDT --side sell --trigger 60000 --size 0.001 --detach --yes'],
});
