/**
 * For one test file: the sandbox in this process with its simulated market held still (a trade happens only
 * when an account trades), the fault proxy in front of it, one funded account, and a way to make a trade at
 * a chosen price inside the spread: a conditional order's trigger is then met exactly when a test says.
 */
import { after, before } from 'node:test';
import type { Credentials } from '../../src/api/client.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

export interface StillVenue {
  sandbox: RunningSandbox;
  proxy: FaultProxy;
  credentials: Credentials;
  /** The best bid and ask of BTC_USDT as quoted (they stay so: the market is still). */
  quote(): { bid: string; ask: string };
  /** A trade of 0.001 BTC_USDT at `price` (strictly inside the spread), between two orders of an account of its own. */
  trade(price: string): void;
}

export function useStillVenue(seed: number, deposit: Record<string, string>): StillVenue {
  const v = {} as StillVenue;
  let maker: SandboxAccount;
  before(async () => {
    const held = Date.now();
    v.sandbox = await startServer({ port: 0, seed, strict: true, warmUpMs: 0, log: () => {}, marketClock: () => held });
    v.proxy = await startFaultProxy(v.sandbox.url);
    const a = v.sandbox.exchange.createAccount(deposit, 'withdraw');
    v.credentials = { key: a.key, secret: a.secret, memo: a.memo };
    maker = v.sandbox.exchange.createAccount({ USDT: '10000000', BTC: '100' }, 'withdraw');
  });
  after(async () => {
    await v.proxy.close();
    await v.sandbox.close();
  });
  v.quote = () => {
    const t = v.sandbox.exchange.ticker('BTC_USDT');
    return { bid: t.best_bid, ask: t.best_ask };
  };
  v.trade = (price) => {
    const x = v.sandbox.exchange;
    x.placeOrder(maker.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price });
    x.placeOrder(maker.id, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', size: '0.001', price });
  };
  return v;
}
