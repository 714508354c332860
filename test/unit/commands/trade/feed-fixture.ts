/** What the feed tests share: connections the test drives, and a terminal's state and context on a venue. */
import { PassThrough } from 'node:stream';
import { Context } from '../../../../src/context.js';
import { IO, type InStream } from '../../../../src/render/io.js';
import { TradeFeed, type Connection } from '../../../../src/commands/trade/feed.js';
import assert from 'node:assert/strict';
import { initialState } from '../../../../src/commands/trade/state.js';
import { candleStep } from '../../../../src/commands/trade/step.js';
import type { ConnectionOptions } from '../../../../src/ws/options.js';
import { RULES } from './fixture.js';

/** A connection the test drives: states and pushes are given by hand. */
export class Driven implements Connection {
  reconnects = 0;
  lastMessageAt = 0;
  readonly topics: string[] = [];
  constructor(readonly opts: ConnectionOptions) {}
  subscribe(topics: readonly string[]): void {
    this.topics.push(...topics);
  }
  start(): void {}
  async close(): Promise<void> {}
  /** The socket was cut: the connection waits, then reconnects. */
  cut(): void {
    this.reconnects++;
    this.opts.onState?.('waiting');
    this.opts.onState?.('connecting');
  }
}

/** A terminal's state and context on `baseUrl` with a paper account, and a wait re-checked on every change the feed reports (no sleeping). */
export function setup(baseUrl: string, acct: { key: string; secret: string; memo: string }, extra: Record<string, string> = {}) {
  const env = { BM_API_KEY: acct.key, BM_API_SECRET: acct.secret, BM_API_MEMO: acct.memo, HOME: '/nonexistent', XDG_CACHE_HOME: '/tmp/bm-test-cache-trade-feed', ...extra };
  const io = new IO({ write: () => true }, { write: () => true }, new PassThrough() as unknown as InStream, env, 'never');
  const ctx = new Context(io, { baseUrl, timeout: '30000' }, env);
  const s = initialState({
    symbol: 'BTC_USDT', rules: RULES, pairs: ['BTC_USDT'], step: candleStep('1m'), maxDeviation: '10', readOnly: undefined,
    venue: { name: 'sandbox', url: baseUrl, profile: 'paper account', paper: true },
  });
  let waiters: Array<() => void> = [];
  const until = (cond: () => boolean) => new Promise<void>((resolve) => {
    const check = () => (cond() ? resolve() : void waiters.push(check));
    check();
  });
  const changed = () => {
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  };
  return { ctx, s, until, changed, credentials: { key: acct.key, secret: acct.secret, memo: acct.memo } };
}

/** A feed of `setup`'s state whose connections are {@link Driven} (kept in `conns` as they open); a stream failure fails the test. */
export function drivenFeed(o: Pick<ReturnType<typeof setup>, 'ctx' | 's' | 'changed' | 'credentials'>): { feed: TradeFeed; conns: Driven[] } {
  const conns: Driven[] = [];
  const feed = new TradeFeed({
    ctx: o.ctx, state: o.s, wsUrl: 'ws://127.0.0.1:9', service: 'exchange', credentials: o.credentials, changed: o.changed,
    failed: (e) => assert.fail(e.message),
    connection: (opts) => {
      const c = new Driven(opts);
      conns.push(c);
      return c;
    },
  });
  return { feed, conns };
}
