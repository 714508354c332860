/**
 * `client.legacy`: the first generation's commands as methods, on the command line's legacy client
 * (token issued and cached in the same file as `bm legacy`, limits shared) and its careful-write
 * pipeline. Loaded on the first legacy call.
 */
import { legacyApiChannel } from '../commands/legacy/channel.js';
import { legacyValues } from '../commands/legacy/validate.js';
import type { WriteHost } from '../commands/confirm.js';
import { carefulWrite } from '../commands/write/pipeline.js';
import type { Env } from '../config/paths.js';
import { usage } from '../errors.js';
import type { LegacyEndpoint } from '../legacy/catalogue.js';
import { LegacyClient } from '../legacy/client.js';
import { FileTokenStore, tokenFile } from '../legacy/tokens.js';
import type { LibVenue } from './venue.js';
import { baseOptions } from './base-options.js';
import { exact } from './exact.js';
import { asLibraryInput, inputText, refuseUnknown, type InputValue } from './wire.js';
import { writeOutcome } from './outcome.js';
import type { WriteOutcome } from './types.js';

/** Calls of the first generation for one client. */
export class LegacyCalls {
  private readonly api: LegacyClient;

  constructor(venue: LibVenue, env: Env, timeoutMs: number, private readonly host: WriteHost) {
    this.api = new LegacyClient({ ...baseOptions(venue, () => venue.legacyUrl(), env, timeoutMs, host.note), store: new FileTokenStore(tokenFile(env)) });
  }

  /** A read's body (numbers as exact text), or a write's {@link WriteOutcome}. */
  async run(ep: LegacyEndpoint, given: Readonly<Record<string, InputValue | undefined>> = {}): Promise<unknown> {
    refuseUnknown(ep.params.map((p) => p.name), given);
    const typed = Object.fromEntries(ep.params.filter((p) => given[p.name] !== undefined)
      .map((p) => [p.name, inputText(p.name, p.kind === 'decimal' ? 'decimal' : p.kind === 'id' ? 'long' : 'other', given[p.name]!)]));
    const values = asLibraryInput(() => legacyValues(ep, typed));
    const params = Object.entries(values).filter(([, v]) => v !== undefined);
    if (!ep.write) return exact(await this.api.call(ep, values));
    const channel = legacyApiChannel(this.api, async () => {
      throw usage('a dry run is a command-line feature');
    });
    const r = (await carefulWrite(this.host, channel, { ep, params, command: `legacy ${ep.command.join(' ')}` }))!;
    return writeOutcome(r, undefined);
  }
}
