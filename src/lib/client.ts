/**
 * The client: one method per catalogue entry with a `bm` command, on the one REST client of `bm`
 * (signing, clock, limits counted with every `bm` process on the machine) and, for writes, the
 * careful-write pipeline (client order ids, sent once, outcomes proven or reported unknown). Its calls
 * (src/core/calls.ts, src/core/legacy-calls.ts) are the ones every `bm` command makes, wired from
 * the command's session.
 */
import { debuglog } from 'node:util';
import { usage } from '../errors.js';
import type { CurrentCalls } from '../core/usecases/session.js';
import { libraryError } from './errors.js';
import type { LegacyCalls } from '../core/usecases/session.js';
import type { WriteHost } from '../core/usecases/session.js';
import { LEGACY_METHOD_IDS, METHOD_IDS } from './method-ids.js';
import { callOptions, clientOptions } from './options.js';
import { methodTree } from './tree.js';
import { explicitVenue, type LibVenue, type Wiring } from '../core/usecases/venue.js';
import type { CallOptions, ClientOptions, PairHelper, Pnl, PnlParams, Portfolio } from './types.js';
import type { AlgoListed, AlgoOptions, AlgoResult } from './types-orders.js';
/**
 * `client.algo` as the source sees it: a kind's method by any name (the registry decides on the call), and
 * the lifecycle. The package's own types name each kind (dist/lib/algo-kinds.d.ts, generated from the kinds).
 */
type AlgoApi = { readonly [method: string]: (params: object, opts?: AlgoOptions) => Promise<AlgoResult> } & {
  list(): Promise<AlgoListed[]>;
  show(id: string): Promise<AlgoListed>;
  resume(id: string): Promise<AlgoListed>;
  cancel(id: string): Promise<AlgoResult>;
};
import { attachHelpers } from './attach.js';
import { Watch } from './watch.js';
import { WIRING } from './wired.js';
import { traitsOf } from '../core/usecases/endpoint-traits.js';

const debug = debuglog('bm');

/** `client.algo`'s methods that act on what this machine holds; any other name is a kind's (the registry decides, on the call). */
const LIFECYCLE = new Set(['list', 'show', 'resume', 'cancel']);

/**
 * `client.algo`: a method for every name, so the kinds' registry (and the catalogue behind it) loads only
 * when one is called; a name that is no kind's is a usage error then.
 */
function algoMethods(call: (what: string, args: unknown[]) => Promise<unknown>): AlgoApi {
  return new Proxy({}, {
    get: (_t, name) => (typeof name === 'string' && name !== 'then' ? (...args: unknown[]) => call(name, args) : undefined),
  }) as AlgoApi;
}

export type { ClientOptions, WriteOutcome } from './types.js';

/** The library's own wiring of an explicit or CLI-resolved venue: notes to `onNote`, traces to NODE_DEBUG=bm. */
function libraryWiring(venue: LibVenue, options: ClientOptions, note: (line: string) => void): Wiring {
  return {
    venue, env: options.env ?? process.env, timeoutMs: options.timeoutMs ?? 10_000, note,
    // NODE_DEBUG=bm: each request and answer, secrets redacted (as bm --verbose).
    ...(debug.enabled ? { trace: (line: string) => debug('%s', line) } : {}),
    gateTrace: (line) => debug('%s', line),
  };
}

export class Client {
  /** The private streams and public channels as async iterators. */
  readonly watch: Watch;
  /** Conditional orders held by the client until they fire: stop, takeProfit, oco, trail, twap (as `bm order stop` ...). */
  readonly algo: AlgoApi;
  private readonly wiring: Promise<Wiring>;
  private current?: CurrentCalls;
  private readonly host: WriteHost;
  private legacyApi?: LegacyCalls;
  /** The first generation's commands (`client.legacy.order.place`). */
  readonly legacy: Record<string, unknown>;

  readonly options: ClientOptions;

  constructor(given?: ClientOptions) {
    // Checked before anything else: a bad option is a usage error and no request is ever made.
    const options = (this.options = clientOptions(given));
    // A host's own wiring (a bot's runner): its venue, clock, limits and notes as they are.
    const wired = (given as { [WIRING]?: Wiring } | undefined)?.[WIRING];
    const note = options.onNote ?? wired?.note ?? ((line: string) => debug('%s', line));
    const env = options.env ?? process.env;
    const { baseUrl, wsUrl, legacyUrl, service, credentials } = options;
    // The CLI's venue resolution (profiles, keychain) loads only when no address is given.
    this.wiring = wired
      ? Promise.resolve(wired)
      : baseUrl !== undefined
        ? Promise.resolve(libraryWiring(explicitVenue(baseUrl, wsUrl, legacyUrl, service, credentials), options, note))
        : import('./cli-venue.js').then((m) => libraryWiring(m.cliVenue(options, env, credentials, note), options, note));
    this.wiring.catch(() => undefined);
    // A library call is its own confirmation: nothing is asked of a person.
    this.host = { dryRun: false, confirm: async () => undefined, note };
    // The method names are known up front; the catalogue and the checks load on the first call.
    Object.assign(this, methodTree(METHOD_IDS, async (id, params, opts) => {
      try {
        // A batch also takes its deviation guard (checked by the batch itself).
        // A placement takes the deviation guard too (none unless asked: a bot sets its own prices).
        const traits = traitsOf({ id });
        const checked = callOptions(opts, traits.batch ? ['maxDeviation', 'journal', 'resume'] : traits.placesOrder === 'current' ? ['maxDeviation'] : []);
        const calls = await this.core();
        if (traitsOf({ id }).batch) return await (await import('./batch.js')).batch(calls, this.host, params, checked);
        return await (await import('./run.js')).runCurrent(calls, this.host, calls.entry(id), params, checked);
      } catch (err) {
        throw libraryError(err);
      }
    }));
    attachHelpers(this as unknown as Record<string, unknown>, (fn) => this.helper(fn), this.host);
    this.legacy = methodTree(LEGACY_METHOD_IDS, async (id, params, opts) => {
      try {
        const checked = callOptions(opts);
        const [{ legacyEndpoint }, { runLegacy }, calls] = await Promise.all([import('../legacy/catalogue.js'), import('./legacy-run.js'), this.legacyCore()]);
        return await runLegacy(calls, this.host, legacyEndpoint(id), params, checked);
      } catch (err) {
        throw libraryError(err);
      }
    });
    this.watch = new Watch(async () => (await this.wiring).venue, options.timeoutMs ?? 10_000, note, undefined, () => this.core());
    this.algo = algoMethods((what, args) => this.helper(async (calls) => {
      const m = await import('./algo.js');
      return LIFECYCLE.has(what) ? m.lifecycleCall(calls, this.host, what as 'list', args[0]) : m.runAlgoCall(calls, this.host, what, args[0], args[1]);
    }));
  }

  /** The current generation's calls, loaded and made on first use (importing the library stays cheap). */
  private async core(): Promise<CurrentCalls> {
    if (this.current) return this.current;
    const [wiring, { CurrentCalls }] = await Promise.all([this.wiring, import('../core/usecases/calls.js')]);
    return (this.current ??= new CurrentCalls(wiring));
  }

  /**
   * Any endpoint of the catalogue by method and path, as `bm api`: those without a command too (spec 4.8's,
   * whose shapes are not known, take their parameters as given). Limits, signing and careful writes apply.
   */
  async api(method: string, path: string, params?: Readonly<Record<string, string | number | boolean | undefined>>, opts?: CallOptions): Promise<unknown> {
    try {
      if (typeof method !== 'string' || typeof path !== 'string') throw usage('api: give the method and the path as strings, e.g. api(\'GET\', \'/spot/v1/ticker\')');
      const checked = callOptions(opts);
      // Read as `bm api` reads it: every spelling it accepts, the same guard.
      const call = (await import('../core/usecases/api.js')).readApiCall(method, path, params, this.host.note);
      if (call.gen === 'legacy') return await (await import('./legacy-run.js')).runLegacy(await this.legacyCore(), this.host, call.ep, call.given, checked);
      return await (await import('./run.js')).runCurrent(await this.core(), this.host, call.ep, call.given, checked, true);
    } catch (err) {
      throw libraryError(err);
    }
  }

  /** Runs a helper of the library with the client's calls, its errors made the library's. */
  private async helper<T>(fn: (calls: CurrentCalls) => Promise<T>): Promise<T> {
    try {
      return await fn(await this.core());
    } catch (err) {
      throw libraryError(err);
    }
  }

  /** A pair's rules, as the order checks read them, and rounding to them: `(await client.pair('BTC_USDT')).roundPrice(p, 'buy')`. */
  pair(symbol: string): Promise<PairHelper> {
    return this.helper(async (calls) => {
      const [{ pairHelper }, { pairRules }, { checkSymbol }, { pairSource }] = await Promise.all([import('./decimal.js'), import('../core/usecases/orders-read.js'), import('../core/usecases/params.js'), import('./preflight.js')]);
      if (typeof symbol !== 'string') throw usage('pair: give the pair as text, e.g. pair(\'BTC_USDT\')');
      return pairHelper(await pairRules(pairSource(calls), checkSymbol(symbol, 'symbol')));
    });
  }

  /** The wallet valued in one currency (default USDT), as `bm portfolio`: exact, rounded to the currency's precision. */
  portfolio(params?: { readonly in?: string }): Promise<Portfolio> {
    return this.helper(async (calls) => (await import('./account.js')).portfolio(calls, this.host, params));
  }

  /** Profit and loss per pair from the account's fills, as `bm pnl`: weighted average cost, fees included, exact. */
  pnl(params?: PnlParams): Promise<Pnl> {
    return this.helper(async (calls) => (await import('./pnl.js')).pnl(calls, this.host, params));
  }

  /** The first generation's calls, made on first use. */
  private async legacyCore(): Promise<LegacyCalls> {
    if (this.legacyApi) return this.legacyApi;
    const [wiring, { LegacyCalls }] = await Promise.all([this.wiring, import('../core/usecases/calls.js')]);
    return (this.legacyApi ??= new LegacyCalls(wiring));
  }

  /** Closes every stream this client opened. */
  async close(): Promise<void> {
    await this.watch.closeAll();
  }
}
