/** `bm sign-test get|post`: prove that signed requests are accepted, with harmless defaults. */
import { execute, type Invocation } from '../engine.js';
import { wireParams } from '../../core/usecases/params.js';

export async function run(inv: Invocation): Promise<void> {
  const defaults = inv.ep.method === 'GET' ? { symbol: 'BTC_USDT' } : { symbol: 'BTC_USDT', price: '1', count: '1' };
  await execute(inv, wireParams(inv.ep, { ...defaults, ...Object.fromEntries(Object.entries(inv.values).filter(([, v]) => v !== undefined)) }));
  inv.ctx.note('bm: the signature was accepted');
}
