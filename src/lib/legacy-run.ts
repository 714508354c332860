/**
 * A library method of the first generation (`client.legacy`) over the core's legacy calls: typed
 * input checked as `bm legacy` checks it, a read's body as exact text, a write through the
 * careful-write pipeline as a {@link WriteOutcome}, or a dry run's request.
 */
import type { ShownRequest } from '../api/redact.js';
import type { LegacyCalls } from '../core/legacy-calls.js';
import { legacyValues } from '../core/legacy-validate.js';
import type { WriteHost } from '../core/write/host.js';
import { carefulWrite } from '../core/write/pipeline.js';
import type { LegacyEndpoint } from '../legacy/catalogue.js';
import type { Row } from '../util/row.js';
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
    if (ep.id === 'legacy.order.get') (await import('../core/order/answered.js')).checkLegacyAnswered('legacy.order.get', params, data as Row);
    return data;
  }
  let shown: ShownRequest | undefined;
  const r = await carefulWrite(hostFor(host, opts), calls.channel(async (e, p) => void (shown = await calls.dryRun(e, p))), {
    ep, params, command: `legacy ${ep.command.join(' ')}`,
  });
  return r ? writeOutcome(r, undefined) : dryRunOf(shown!);
}
