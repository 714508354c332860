/** For one test file: the library's sandbox in-process, the fault proxy in front of it, and one funded account. */
import { after, before } from 'node:test';
import type { Credentials } from '../../src/api/client.js';
import { startSandbox, type RunningVenue } from '../../src/lib/index.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

/** Filled before the file's tests run. */
export interface LibraryVenue {
  venue: RunningVenue;
  proxy: FaultProxy;
  credentials: Credentials;
}

/** `ready` runs once the venue is up and the account funded (a file's own setup that needs them). */
export function useLibraryVenue(seed: number, deposit: Record<string, string>, ready?: (v: LibraryVenue) => void): LibraryVenue {
  const v = {} as LibraryVenue;
  before(async () => {
    // Strict: the library follows the spec's letter (docs/sandbox.md, "Two modes").
    // No warm-up: ready at once with a quoted book (the tests trade on it; none reads past trades).
    v.venue = await startSandbox({ seed, strict: true, warmUpMs: 0 });
    v.proxy = await startFaultProxy(v.venue.url);
    v.credentials = await v.venue.createAccount({ deposit });
    ready?.(v);
  });
  after(async () => {
    await v.proxy.close();
    await v.venue.stop();
  });
  return v;
}
