/** Conditional orders' engines on the in-process sandbox: calls, channel and host wired as a library client's, journals in a temp dir. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoint } from '../../src/api/catalogue/types.js';
import type { Params } from '../../src/api/client.js';
import { CurrentCalls } from '../../src/core/calls.js';
import type { EngineDeps } from '../../src/core/algo/engine-deps.js';
import { keyFingerprint, type AlgoBinding } from '../../src/core/algo/binding.js';
import type { AlgoPort } from '../../src/core/algo/port.js';
import { planAlgo, type AlgoInput } from '../../src/core/algo/plan.js';
import type { AlgoSpec } from '../../src/core/algo/model/spec.js';
import { pairRules } from '../../src/core/order/pairs.js';
import { explicitVenue } from '../../src/core/venue.js';
import type { WriteChannel } from '../../src/core/write/channel.js';
import type { LibraryVenue } from './library-venue.js';

export interface AlgoRig {
  readonly calls: CurrentCalls;
  readonly deps: EngineDeps;
  readonly notes: string[];
  /** Where the rig's algos run (journaled with them: a runner's session is built from it). */
  readonly where: AlgoBinding;
  /** The use cases' port of a face whose environment carries the rig's key (as a shell with BM_API_* would). */
  port(env: Record<string, string>): AlgoPort;
  /** A new journal path. */
  journal(): string;
  plan(input: { readonly kind: string; readonly [key: string]: string | undefined }, id: string): Promise<AlgoSpec>;
}

/** A rig on `venue` (through its fault proxy); `now` is the engine's clock. */
export function algoRig(venue: Pick<LibraryVenue, 'proxy' | 'credentials'>, env: Record<string, string>, now: () => number, extra: Partial<EngineDeps> = {}): AlgoRig {
  const calls = new CurrentCalls({
    venue: explicitVenue(venue.proxy.url, undefined, undefined, undefined, venue.credentials), env, timeoutMs: 30_000, note: () => undefined, gateTrace: () => undefined,
  });
  const notes: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bm-algo-'));
  let n = 0;
  const channel = extra.channel ?? calls.channel(async () => undefined);
  const keys = { BM_API_KEY: venue.credentials.key, BM_API_SECRET: venue.credentials.secret, BM_API_MEMO: venue.credentials.memo };
  const base = venue.proxy.url;
  return {
    calls, notes,
    where: { venue: { builtin: false, baseUrl: base, wsUrl: base.replace(/^http/, 'ws'), legacyUrl: base, service: 'exchange' }, account: { from: 'given', key: keyFingerprint(venue.credentials.key) }, timeoutMs: 30_000 },
    port: (e) => ({ env: { ...e, ...keys }, host: { dryRun: false, confirm: async () => undefined, note: (l) => notes.push(l) }, warn: (l) => notes.push(l), sink: { warn: (l) => notes.push(l), note: () => undefined, canPrompt: false }, ownSandbox: false }),
    deps: { channel, host: { dryRun: false, confirm: async () => undefined, note: (l) => notes.push(l) }, command: 'order stop', now, ...extra },
    journal: () => join(dir, `j${++n}.ndjson`),
    plan: async (input, id) => planAlgo({ symbol: 'BTC_USDT', ...input }, await pairRules({ env, baseUrl: async () => venue.proxy.url, calls: async () => calls }, 'BTC_USDT'), now(), undefined, id),
  };
}

/** A channel that throws `crash` right after a placement has been sent and answered (the answer never read). */
export function crashAfterSend(ch: WriteChannel<Endpoint>, armed: () => boolean): WriteChannel<Endpoint> {
  return {
    ...ch,
    async send(ep: Endpoint, params: Params) {
      const data = await ch.send(ep, params);
      if (ep.id === 'spot.order.submit' && armed()) throw new Error('crash after-send');
      return data;
    },
  };
}
