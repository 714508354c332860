/**
 * The library's client: one method per catalogue entry with a `bm` command, on the CLI's own REST
 * client (signing, clock, limits counted with every `bm` process on the machine) and, for writes,
 * the CLI's careful-write pipeline (client order ids, sent once, outcomes proven or reported unknown).
 */
import { debuglog } from 'node:util';
import type { WriteHost } from '../commands/confirm.js';
import type { Env } from '../config/paths.js';
import { usage } from '../errors.js';
import type { CurrentCalls } from './calls.js';
import { libraryError } from './errors.js';
import type { LegacyCalls } from './legacy.js';
import { LEGACY_METHOD_IDS, METHOD_IDS } from './method-ids.js';
import { methodTree } from './tree.js';
import { explicitVenue, type LibVenue } from './venue.js';
import type { InputValue } from './wire.js';
import type { ClientOptions } from './types.js';
import { Watch } from './watch.js';

const debug = debuglog('bm');

export type { ClientOptions, WriteOutcome } from './types.js';

export class Client {
  /** The private streams and public channels as async iterators. */
  readonly watch: Watch;
  private readonly venue: Promise<LibVenue>;
  private current?: CurrentCalls;
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
      try {
        const calls = await this.calls();
        return await calls.run(calls.entry(id), params as Record<string, InputValue | undefined>);
      } catch (err) {
        throw libraryError(err);
      }
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

  /** The current generation's calls, loaded and made on first use (importing the library stays cheap). */
  private async calls(): Promise<CurrentCalls> {
    if (this.current) return this.current;
    const [venue, { CurrentCalls }] = await Promise.all([this.venue, import('./calls.js')]);
    return (this.current ??= new CurrentCalls(venue, this.env, this.timeoutMs, this.host));
  }

  /**
   * Any endpoint of the catalogue by method and path, as `bm api`: those without a command too (spec 4.8's,
   * whose shapes are not known, take their parameters as given). Limits, signing and careful writes apply.
   */
  async api(method: string, path: string, params?: Record<string, InputValue | undefined>): Promise<unknown> {
    try {
      const calls = await this.calls();
      return await calls.run(calls.route(method, path), params);
    } catch (err) {
      throw libraryError(err);
    }
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
