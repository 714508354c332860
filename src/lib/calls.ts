/**
 * The current generation's calls for one client, loaded on its first call as one module: the
 * catalogue, the checks and the command line's REST client (signing, clock, limits counted with
 * every `bm` process on the machine); writes through its careful-write pipeline.
 */
import { endpoint, findRoute } from '../api/catalogue/index.js';
import type { Endpoint } from '../api/catalogue/types.js';
import { ApiClient, type Params } from '../api/client.js';
import type { WriteHost } from '../commands/confirm.js';
import { rowsOf } from '../commands/rows.js';
import type { Env } from '../config/paths.js';
import { usage } from '../errors.js';
import { baseOptions } from './base-options.js';
import { exact } from './exact.js';
import type { WriteOutcome } from './types.js';
import type { LibVenue } from './venue.js';
import { freeParams, wireOf, type InputValue } from './wire.js';

export class CurrentCalls {
  readonly api: ApiClient;

  constructor(venue: LibVenue, env: Env, timeoutMs: number, private readonly host: WriteHost) {
    this.api = new ApiClient({
      ...baseOptions(venue, () => venue.baseUrl(), env, timeoutMs, host.note),
      ...(venue.renewKey ? { onKeyUnknown: () => venue.renewKey!() } : {}),
    });
  }

  /** The catalogue entry with this id (a method's). */
  entry(id: string): Endpoint {
    return endpoint(id);
  }

  /** The catalogue entry of a route; a usage error when the catalogue has none. */
  route(method: string, path: string): Endpoint {
    const ep = findRoute(method.toUpperCase() as Endpoint['method'], path);
    if (!ep) throw usage(`${method} ${path}: not an endpoint of the catalogue`, 'the methods and their endpoints are listed in the README reference');
    return ep;
  }

  /** A read's data (numbers as exact text, the rows always a list), or a write's {@link WriteOutcome}. */
  async run(ep: Endpoint, given?: Readonly<Record<string, InputValue | undefined>>): Promise<unknown> {
    const params = ep.shapeUnknown ? freeParams(given) : wireOf(ep.params, given);
    if (ep.write) return this.write(ep, params);
    const data = exact((await this.api.call(ep, params)).data);
    // The rows are always a list, as the command reads them (one record is a list of one).
    return ep.rows && data !== null && typeof data === 'object' ? { ...data, [ep.rows]: rowsOf(ep, data) } : data;
  }

  private async write(ep: Endpoint, params: Params): Promise<WriteOutcome> {
    // Loaded with the first write: client order ids need node:crypto, which a read never pays for.
    const [{ apiChannel }, { carefulWrite }, { writeOutcome }] = await Promise.all([
      import('../commands/write/api-channel.js'), import('../commands/write/pipeline.js'), import('./outcome.js'),
    ]);
    const channel = apiChannel(async () => this.api, async () => {
      throw usage('a dry run is a command-line feature');
    });
    const r = (await carefulWrite(this.host, channel, { ep, params, command: ep.command?.join(' ') ?? `${ep.method} ${ep.path}` }))!;
    return writeOutcome(r, ep.safety?.clientId?.param);
  }
}
