/**
 * A library method of the first generation (`client.legacy`) over the core's legacy calls: typed
 * input checked as `bm legacy` checks it, a read's body as exact text, a write through the
 * careful-write pipeline as a {@link WriteOutcome}, or a dry run's request.
 */
import type { ShownRequest } from '../api/redact.js';
import { checkRead } from '../core/usecases/endpoint.js';
import { legacyValues, writeLegacy, type LegacyCalls } from '../core/usecases/legacy.js';
import type { WriteHost } from '../core/usecases/session.js';
import type { LegacyEndpoint } from '../legacy/catalogue.js';
import { exact } from './exact.js';
import { givenTexts, legacyKindOf } from './inputs.js';
import { writeOutcome } from './outcome.js';
import { dryRunOf, hostFor } from './run.js';
import type { CallOptions } from './types.js';
import { asLibraryInput } from './wire.js';

/** A library call: a read's body (numbers as exact text), a write's {@link WriteOutcome}, or a dry run. */
export async function runLegacy(calls: LegacyCalls, host: WriteHost, ep: LegacyEndpoint, given?: unknown, opts: CallOptions = {}): Promise<unknown> {
  const typed = givenTexts(ep.params.map((p) => ({ name: p.name, kind: legacyKindOf(p) })), given);
  const values = asLibraryInput(() => legacyValues(ep, typed));
  const params = Object.entries(values).filter(([, v]) => v !== undefined);
  if (!ep.write) {
    if (opts.dryRun) return dryRunOf(await calls.dryRun(ep, params));
    const data = exact(await calls.api.call(ep, values));
    // One order by its id: an answer that is another order is no such order, as on the command line.
    checkRead(ep, params, data, 'legacy.order.get');
    return data;
  }
  let shown: ShownRequest | undefined;
  const channel = calls.channel(async (e, p) => void (shown = await calls.dryRun(e, p)));
  const o = await writeLegacy({ host: hostFor(host, opts), channel }, ep, params, `legacy ${ep.command.join(' ')}`);
  if (o.kind === 'rejected' || o.kind === 'unknown') throw o.error;
  return o.kind === 'dry-run' ? dryRunOf(shown!) : writeOutcome(o.result, undefined);
}
