/**
 * The current generation's calls for one client: the one path from a catalogue entry to the wire for
 * the library and the command line alike (signing, clock, limits counted with every `bm` process on
 * the machine), and writes through the careful-write pipeline. Loaded on a client's first call (the
 * library's typed methods over it: src/lib/run.ts).
 */
import { endpoint } from '../api/catalogue/index.js';
import type { Endpoint } from '../api/catalogue/types.js';
import { ApiClient, type Params, type Target } from '../api/client.js';
import { shownRequest, type ShownRequest } from '../api/redact.js';
import { apiChannel } from './api-channel.js';
import type { WriteChannel } from './write/channel.js';
import type { WriteHost } from './write/host.js';
import type { WriteRequest, WriteResult } from './write/pipeline.js';
import { baseOptions } from './base-options.js';
import type { Wiring } from './venue.js';

/** Where the domain reads the venue: a session's calls (a command's invocation, a library client's). */
export interface CallsSource {
  calls(): Promise<Pick<CurrentCalls, 'send'>>;
}

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
      ...(venue.refused ? { onRefused: (reached: boolean) => venue.refused!(reached) } : {}),
    });
  }

  /** The catalogue entry with this id (a method's). */
  entry(id: string): Endpoint {
    return endpoint(id);
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
}
