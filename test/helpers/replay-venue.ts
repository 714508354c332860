/**
 * For one test file: the sandbox in this process with its market driven by a recording (`bm sandbox serve
 * --replay`), on a clock the test moves (a push falls due when the test moves the time past it), the fault
 * proxy in front of it and one funded account.
 */
import { after, before } from 'node:test';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { startFaultProxy } from './fault-proxy.js';
import type { LibraryVenue } from './library-venue.js';

export interface ReplayVenue extends Pick<LibraryVenue, 'proxy' | 'credentials'> {
  server: RunningSandbox;
  /** Moves the venue's time to the recording's start plus `ms`. */
  at(ms: number): void;
  /** The venue's time, ms. */
  now(): number;
}

/** The replay of `recording`, whose first push is at `start` (ms since the epoch). */
export function useReplayVenue(recording: string, start: number): ReplayVenue {
  let offset = 0;
  const v = { at: (ms: number) => void (offset = ms), now: () => start + offset } as ReplayVenue;
  before(async () => {
    v.server = await startServer({ port: 0, log: () => undefined, clock: () => v.now(), replay: { path: recording, speed: 1 }, strict: true });
    v.proxy = await startFaultProxy(v.server.url);
    const a = v.server.exchange.createAccount({ USDT: '100000', BTC: '5' }, 'withdraw');
    v.credentials = { key: a.key, secret: a.secret, memo: a.memo };
  });
  after(async () => {
    await v.proxy.close();
    await v.server.close();
  });
  return v;
}
