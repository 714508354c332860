/**
 * The current generation's calls for one client: the one path from a catalogue entry to the wire for
 * the library and the command line alike (signing, clock, limits counted with every `bm` process on
 * the machine), and writes through the careful-write pipeline. Loaded on a client's first call.
 */
import { endpoint, findRoute } from '../api/catalogue/index.js';
import type { Endpoint } from '../api/catalogue/types.js';
import { ApiClient, type Params, type Target } from '../api/client.js';
import { shownRequest, type ShownRequest } from '../api/redact.js';
import type { WriteHost } from '../commands/confirm.js';
import { rowsOf } from './rows.js';
import { apiChannel } from './write/api-channel.js';
import type { WriteChannel } from './write/channel.js';
import type { WriteRequest, WriteResult } from './write/pipeline.js';
import { usage } from '../errors.js';
import type { Row } from '../render/cells.js';
import { baseOptions } from './base-options.js';
import { exact } from '../lib/exact.js';
import type { CallOptions, DryRun, WriteOutcome } from '../lib/types.js';
import type { Wiring } from './venue.js';
import { freeParams, wireOf } from '../lib/wire.js';

/** What a dry run does with the request it would send. */
export type DryRunSink<E = Endpoint> = (ep: E, params: Params) => Promise<void>;

export class CurrentCalls {
  /** The REST client: the only one a `bm` process or a library client makes for the current generation. */
  readonly api: ApiClient;

  constructor(readonly wiring: Wiring) {
    const { venue } = wiring;
    this.api = new ApiClient({
      ...baseOptions(wiring, () => venue.baseUrl()),
      ...(venue.renewKey ? { onKeyUnknown: () => venue.renewKey!() } : {}),
      ...(venue.refused ? { onRefused: () => venue.refused!() } : {}),
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

  /** Sends one request of `ep`: the answer's `data` as parsed (lossless), or a BmError. */
  async send(ep: Target, params: Params = []): Promise<unknown> {
    return (await this.api.call(ep, params)).data;
  }

  /** The request `send` would make, fit to show (key and signature redacted); nothing is sent. */
  async dryRun(ep: Target, params: Params = []): Promise<ShownRequest> {
    return shownRequest(await this.api.prepare(ep, params));
  }

  /** The careful-write pipeline's view of these calls; `dryRun` receives the request a dry run would send. */
  channel(dryRun: DryRunSink): WriteChannel<Endpoint> {
    return apiChannel(async () => this, dryRun);
  }

  /** A careful write (client order id, sent once, outcome proven or unknown); undefined on a dry run. */
  async write(host: WriteHost, req: WriteRequest<Endpoint>, dryRun: DryRunSink): Promise<WriteResult<Endpoint> | undefined> {
    const { carefulWrite } = await import('./write/pipeline.js');
    return carefulWrite(host, this.channel(dryRun), req);
  }

  /** A library call: a read's data (numbers as exact text, the rows always a list), a write's {@link WriteOutcome}, or a dry run. */
  async run(host: WriteHost, ep: Endpoint, given?: unknown, opts: CallOptions = {}): Promise<unknown> {
    const params = ep.shapeUnknown ? freeParams(given) : wireOf(ep.params, given);
    if (ep.write) return this.libraryWrite(host, ep, params, opts);
    if (opts.dryRun) return dryRunOf(await this.dryRun(ep, params));
    const data = exact(await this.send(ep, params));
    // One order by its id: an answer that is another order is no such order, as on the command line.
    if (ep.id === 'spot.order.detail') (await import('./order/answered.js')).checkAnswered('order.get', params, data as Row);
    // The rows are always a list, as the command reads them (one record is a list of one).
    return ep.rows && data !== null && typeof data === 'object' ? { ...data, [ep.rows]: rowsOf(ep, data) } : data;
  }

  private async libraryWrite(host: WriteHost, ep: Endpoint, params: Params, opts: CallOptions): Promise<WriteOutcome | DryRun> {
    const [{ writeOutcome }, { preflight }] = await Promise.all([import('../lib/outcome.js'), import('../lib/preflight.js')]);
    const checked = await preflight(this, ep, params);
    let shown: ShownRequest | undefined;
    const command = ep.command?.join(' ') ?? `${ep.method} ${ep.path}`;
    const sent = await this.write(hostFor(host, opts), { ep, params: checked, command }, async (e, p) => void (shown = await this.dryRun(e, p)));
    // A placement the venue may finish at once (limit_maker, ioc) is claimed from its state, as `bm order place` does.
    const r = sent && ep.id === 'spot.order.submit' ? await (await import('./order/standing.js')).withState(this.channel(async () => {}), sent, command) : sent;
    return r ? writeOutcome(r, ep.safety?.clientId?.param) : dryRunOf(shown!);
  }
}

/** The write's host for a call's options: with `dryRun`, the pipeline stops before sending. */
export function hostFor(host: WriteHost, opts: CallOptions): WriteHost {
  return opts.dryRun ? { globals: { ...host.globals, dryRun: true }, io: host.io, note: (line) => host.note(line) } : host;
}

/** A dry run's answer: the request that would have been sent. */
export function dryRunOf(req: ShownRequest): DryRun {
  return { dryRun: true, method: req.method, url: req.url, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) };
}
