/**
 * The library's client: one method per catalogue entry with a `bm` command, on the CLI's own REST
 * client (signing, clock, limits counted with every `bm` process on the machine) and, for writes,
 * the CLI's careful-write pipeline (client order ids, sent once, outcomes proven or reported unknown).
 */
import { debuglog } from 'node:util';
import type { ApiClient } from '../api/client.js';
import type { Endpoint } from '../api/catalogue/types.js';
import type { Env } from '../config/paths.js';
import { usage } from '../errors.js';
import type { WriteHost } from '../commands/confirm.js';
import { libraryError } from './errors.js';
import type { LegacyCalls } from './legacy.js';
import { LEGACY_METHOD_IDS, METHOD_IDS } from './method-ids.js';
import { methodTree } from './tree.js';
import { explicitVenue, type LibVenue } from './venue.js';
import type { InputValue, wireOf } from './wire.js';
import type { ClientOptions, WriteOutcome } from './types.js';
import { Watch } from './watch.js';

const debug = debuglog('bm');

export type { ClientOptions, WriteOutcome } from './types.js';

export class Client {
  /** The private streams and public channels as async iterators. */
  readonly watch: Watch;
  private readonly venue: Promise<LibVenue>;
  private restClient?: ApiClient;
  private readonly env: Env;
  private readonly timeoutMs: number;
  private readonly note: (line: string) => void;
  private readonly host: WriteHost;
  private legacyApi?: LegacyCalls;
  /** The first generation's commands (`client.legacy.order.place`). */
  readonly legacy: Record<string, unknown>;

  constructor(readonly options: ClientOptions = {}) {
    this.env = options.env ?? process.env;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.note = options.onNote ?? ((line) => debug('%s', line));
    const { baseUrl, wsUrl, legacyUrl, service, credentials } = options;
    if (baseUrl !== undefined && (options.profile !== undefined || options.sandbox)) throw usage('baseUrl: give an address, a profile or sandbox, not several');
    if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw usage(`baseUrl: not an http(s) address: ${baseUrl}`);
    // The CLI's venue resolution (profiles, keychain) loads only when no address is given.
    this.venue = baseUrl !== undefined
      ? Promise.resolve(explicitVenue(baseUrl, wsUrl, legacyUrl, service, credentials))
      : import('./cli-venue.js').then((m) => m.cliVenue(options, this.env, credentials, this.note));
    this.venue.catch(() => undefined);
    // A library call is its own confirmation: nothing is asked of a person.
    this.host = { globals: { yes: true }, io: { canPrompt: false, err: (t: string) => this.note(t.trimEnd()) }, note: this.note };
    // The method names are known up front; the catalogue and the checks load on the first call.
    Object.assign(this, methodTree(METHOD_IDS, async (id, params) => {
      const { endpoint } = await import('../api/catalogue/index.js');
      return this.run(endpoint(id), params as Record<string, InputValue | undefined>);
    }));
    this.legacy = methodTree(LEGACY_METHOD_IDS, async (id, params) => {
      try {
        const [{ legacyEndpoint }, calls] = await Promise.all([import('../legacy/catalogue.js'), this.legacyCalls()]);
        return await calls.run(legacyEndpoint(id), params as Record<string, InputValue | undefined>);
      } catch (err) {
        throw libraryError(err);
      }
    });
    this.watch = new Watch(() => this.venue, this.timeoutMs);
  }

  /** The CLI's REST client for this venue, made on first use (loaded then: importing the library stays cheap). */
  private async rest(): Promise<ApiClient> {
    if (this.restClient) return this.restClient;
    const [venue, { ApiClient }, { sharedGate }] = await Promise.all([this.venue, import('../api/client.js'), import('../api/file-gate.js')]);
    return (this.restClient ??= new ApiClient({
      env: this.env,
      baseUrl: () => venue.baseUrl(),
      credentials: () => venue.credentials(),
      timeoutMs: this.timeoutMs,
      // Counted with every other bm process and client on this machine (same state directory).
      gate: sharedGate(this.env, this.timeoutMs, (line) => debug('%s', line)),
      note: this.note,
      // NODE_DEBUG=bm: each request and answer, secrets redacted (as bm --verbose).
      ...(debug.enabled ? { trace: (line: string) => debug('%s', line) } : {}),
      ...(venue.renewKey ? { onKeyUnknown: () => venue.renewKey!() } : {}),
    }));
  }

  /**
   * Any endpoint of the catalogue by method and path, as `bm api`: those without a command too (spec 4.8's,
   * whose shapes are not known, take their parameters as given). Limits, signing and careful writes apply.
   */
  async api(method: string, path: string, params?: Record<string, InputValue | undefined>): Promise<unknown> {
    const { findRoute } = await import('../api/catalogue/index.js');
    const ep = findRoute(method.toUpperCase() as Endpoint['method'], path);
    if (!ep) throw usage(`${method} ${path}: not an endpoint of the catalogue`, 'the methods and their endpoints are listed in the README reference');
    return this.run(ep, params);
  }

  /** Calls one catalogue entry: a read returns its data (numbers as exact text); a write its {@link WriteOutcome}. */
  async run(ep: Endpoint, given?: Record<string, InputValue | undefined>): Promise<unknown> {
    try {
      const [{ wireOf, freeParams }, { exact }, { rowsOf }] = await Promise.all([import('./wire.js'), import('./exact.js'), import('../commands/rows.js')]);
      const params = ep.shapeUnknown ? freeParams(given) : wireOf(ep.params, given);
      if (ep.write) return await this.write(ep, params);
      const data = exact((await (await this.rest()).call(ep, params)).data);
      // The rows are always a list, as the command reads them (one record is a list of one).
      return ep.rows && data !== null && typeof data === 'object' ? { ...data, [ep.rows]: rowsOf(ep, data) } : data;
    } catch (err) {
      throw libraryError(err);
    }
  }

  private async write(ep: Endpoint, params: ReturnType<typeof wireOf>): Promise<WriteOutcome> {
    const [{ apiChannel }, { carefulWrite }, { writeOutcome }] = await Promise.all([
      import('../commands/write/api-channel.js'), import('../commands/write/pipeline.js'), import('./outcome.js'),
    ]);
    const channel = apiChannel(() => this.rest(), async () => {
      throw usage('a dry run is a command-line feature');
    });
    const r = (await carefulWrite(this.host, channel, { ep, params, command: ep.command?.join(' ') ?? `${ep.method} ${ep.path}` }))!;
    return writeOutcome(r, ep.safety?.clientId?.param);
  }

  /** The first generation's calls, made on first use. */
  private async legacyCalls(): Promise<LegacyCalls> {
    if (this.legacyApi) return this.legacyApi;
    const [venue, { LegacyCalls }] = await Promise.all([this.venue, import('./legacy.js')]);
    return (this.legacyApi ??= new LegacyCalls(venue, this.env, this.timeoutMs, this.host));
  }

  /** Closes every stream this client opened. */
  async close(): Promise<void> {
    await this.watch.closeAll();
  }
}
