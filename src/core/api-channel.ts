/** The current generation as the careful-write pipeline sees it, for any holder of an API client (a command, the library). */
import { endpoint, rateOf } from '../api/catalogue/index.js';
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import { rowsOf } from './rows.js';
import { commandLineOf, type WriteChannel } from './write/channel.js';

/** What sends a request: a client's calls (src/core/calls.ts), for the library and the command line alike. */
export interface Sender {
  send(ep: Endpoint, params: Params): Promise<unknown>;
}

/** The channel over `calls`; `dryRun` gets the request a dry run would send. */
export function apiChannel(calls: () => Promise<Sender>, dryRun: (ep: Endpoint, params: Params) => Promise<void>): WriteChannel<Endpoint> {
  return {
    entry: endpoint,
    async send(ep, params) {
      return (await calls()).send(ep, params);
    },
    dryRun,
    rows: (ep, data) => rowsOf(ep, data),
    commandLine: (ep, params) => commandLineOf(ep, params),
  };
}

/**
 * An endpoint the catalogue does not have, as `bm api` sends it: a write for any method but GET (bm
 * cannot know it is harmless), with the spec's default limits and no read to look it up with.
 */
export function uncatalogued(method: Endpoint['method'], path: string, auth: Endpoint['auth']): Endpoint {
  return {
    id: `api ${method} ${path}`, method, path, auth, rate: rateOf(method, path, auth !== 'NONE'), params: [], shapeUnknown: true,
    summary: 'Not in the catalogue', ...(method === 'GET' ? {} : { write: true }),
  };
}
