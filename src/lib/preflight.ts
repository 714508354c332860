/**
 * The order use cases' port for a library client: its venue read through its own calls (the pairs'
 * rules cached as the command line caches them), a call as its own confirmation, a dry run collected,
 * and the checks' errors naming the caller's properties (a usage error, nothing sent).
 */
import type { OrderPort } from '../core/usecases/order-port.js';
import type { CurrentCalls, DryRunSink, PairSource, WriteHost } from '../core/usecases/session.js';
import { asLibraryInput } from './wire.js';

/** Where a library client reads the pairs' rules: its venue, through its own REST client (cached as the CLI caches them). */
export function pairSource(calls: CurrentCalls): PairSource {
  return { env: calls.wiring.env, baseUrl: () => calls.wiring.venue.baseUrl(), calls: async () => calls };
}

/** The port of one library call: `host` (already the dry run's when asked), a dry run's requests to `dryRun`. */
export function libraryPort(calls: CurrentCalls, host: WriteHost, dryRun: DryRunSink): OrderPort {
  // No person is asked: only the deviation guard (when the call gives one) reads the market.
  return { ...pairSource(calls), host, channel: calls.channel(dryRun), market: 'guard', checked: asLibraryInput };
}
