/**
 * The first generation's calls for one client (`client.legacy`, and every `bm legacy` command): the
 * legacy REST client (token issued and cached in the same file as `bm legacy`, limits shared) and its
 * careful-write pipeline's channel. Loaded on the first legacy call (the library's typed methods over
 * it: src/lib/legacy-run.ts).
 */
import type { Params } from '../api/client.js';
import { shownRequest, type ShownRequest } from '../api/redact.js';
import { legacyApiChannel, valuesOf } from './legacy/channel.js';
import type { WriteChannel } from './write/channel.js';
import type { LegacyEndpoint } from '../legacy/catalogue.js';
import { LegacyClient } from '../legacy/client.js';
import { redactLegacy } from '../legacy/request.js';
import { FileTokenStore, tokenFile } from '../legacy/tokens.js';
import { baseOptions } from './base-options.js';
import type { DryRunSink } from './calls.js';
import type { Wiring } from './venue.js';

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
}
