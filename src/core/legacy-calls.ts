/**
 * The first generation's calls for one client (`client.legacy`, and every `bm legacy` command): the
 * legacy REST client (token issued and cached in the same file as `bm legacy`, limits shared) and its
 * careful-write pipeline. Loaded on the first legacy call.
 */
import type { Params } from '../api/client.js';
import { shownRequest, type ShownRequest } from '../api/redact.js';
import { legacyApiChannel, valuesOf } from './legacy/channel.js';
import { legacyValues } from './legacy/validate.js';
import type { WriteHost } from '../commands/confirm.js';
import type { WriteChannel } from './write/channel.js';
import { carefulWrite } from './write/pipeline.js';
import type { LegacyEndpoint } from '../legacy/catalogue.js';
import { LegacyClient } from '../legacy/client.js';
import { redactLegacy } from '../legacy/request.js';
import { FileTokenStore, tokenFile } from '../legacy/tokens.js';
import { baseOptions } from './base-options.js';
import { dryRunOf, hostFor, type DryRunSink } from './calls.js';
import { exact } from '../lib/exact.js';
import { writeOutcome } from '../lib/outcome.js';
import type { CallOptions } from '../lib/types.js';
import type { Wiring } from './venue.js';
import { givenTexts, legacyKindOf } from '../lib/inputs.js';
import { asLibraryInput } from '../lib/wire.js';

/** Calls of the first generation for one client. */
export class LegacyCalls {
  /** The legacy REST client: the only one a `bm` process or a library client makes. */
  readonly api: LegacyClient;

  constructor(wiring: Wiring) {
    this.api = new LegacyClient({ ...baseOptions(wiring, () => wiring.venue.legacyUrl()), store: new FileTokenStore(tokenFile(wiring.env)) });
  }

  /** The request `ep` would send, fit to show (key, signature and token redacted); nothing is sent. */
  async dryRun(ep: LegacyEndpoint, params: Params): Promise<ShownRequest> {
    return shownRequest({ ...redactLegacy(await this.api.prepare(ep, valuesOf(params))), method: ep.method });
  }

  /** The careful-write pipeline's view of these calls; `dryRun` receives the request a dry run would send. */
  channel(dryRun: DryRunSink<LegacyEndpoint>): WriteChannel<LegacyEndpoint> {
    return legacyApiChannel(this.api, dryRun);
  }

  /** A library call: a read's body (numbers as exact text), a write's {@link WriteOutcome}, or a dry run. */
  async run(host: WriteHost, ep: LegacyEndpoint, given?: unknown, opts: CallOptions = {}): Promise<unknown> {
    const typed = givenTexts(ep.params.map((p) => ({ name: p.name, kind: legacyKindOf(p) })), given);
    const values = asLibraryInput(() => legacyValues(ep, typed));
    const params = Object.entries(values).filter(([, v]) => v !== undefined);
    if (!ep.write) return opts.dryRun ? dryRunOf(await this.dryRun(ep, params)) : exact(await this.api.call(ep, values));
    let shown: ShownRequest | undefined;
    const r = await carefulWrite(hostFor(host, opts), this.channel(async (e, p) => void (shown = await this.dryRun(e, p))), {
      ep, params, command: `legacy ${ep.command.join(' ')}`,
    });
    return r ? writeOutcome(r, undefined) : dryRunOf(shown!);
  }
}
