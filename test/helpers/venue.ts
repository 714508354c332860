/**
 * A venue for the profile and credential tests: the real sandbox in this process behind the fault
 * proxy, which shows what was asked of it and can make the venue forget a key (as after a reset).
 */
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { envelope, startFaultProxy, type FaultProxy } from './fault-proxy.js';

export interface Credentials {
  readonly key: string;
  readonly secret: string;
  readonly memo: string;
}

export interface Venue {
  /** The address clients use (the proxy's). */
  readonly url: string;
  readonly sandbox: RunningSandbox;
  readonly proxy: FaultProxy;
  /** Bodies of the account creations received (POST /sandbox/v1/accounts), in order. */
  created(): unknown[];
  /** True when the venue accepts this key. */
  knows(key: string): boolean;
  /** A new account with trading rights, as a user would have created at the venue. */
  account(): Credentials;
  /** From now on the venue answers this key with 30002, as after `bm sandbox reset`. */
  forget(key: string): void;
  close(): Promise<void>;
}

export async function startVenue(seed = 7): Promise<Venue> {
  // Strict: bm follows the spec's letter (docs/sandbox.md, "Two modes"). No warm-up: these tests read no market.
  const sandbox = await startServer({ port: 0, seed, strict: true, warmUpMs: 0 });
  const proxy = await startFaultProxy(sandbox.url);
  const forgotten = new Set<string>();
  proxy.add({
    when: (s) => forgotten.has(String(s.headers['x-bm-key'] ?? '')),
    fault: { kind: 'reply', answer: envelope(401, 30002, 'X-BM-KEY not found') },
  });
  return {
    url: proxy.url, sandbox, proxy,
    created: () => proxy.seen.filter((s) => s.method === 'POST' && s.path === '/sandbox/v1/accounts').map((s) => JSON.parse(s.body) as unknown),
    knows: (key) => !forgotten.has(key) && sandbox.exchange.accountByKey(key) !== undefined,
    account: () => {
      const a = sandbox.exchange.createAccount({ USDT: '10000' });
      return { key: a.key, secret: a.secret, memo: a.memo };
    },
    forget: (key) => void forgotten.add(key),
    close: async () => {
      await proxy.close();
      await sandbox.close();
    },
  };
}
