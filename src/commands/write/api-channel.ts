/** The current generation as the careful-write pipeline sees it, for any holder of an API client (a command, the library). */
import { endpoint } from '../../api/catalogue/index.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import { rowsOf } from '../rows.js';
import { commandLineOf, type WriteChannel } from './channel.js';

/** What sends a request: a client's calls (src/lib/calls.ts), for the library and the command line alike. */
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
