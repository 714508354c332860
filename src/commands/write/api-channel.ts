/** The current generation as the careful-write pipeline sees it, for any holder of an API client (a command, the library). */
import { endpoint } from '../../api/catalogue/index.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import type { ApiClient, Params } from '../../api/client.js';
import { rowsOf } from '../rows.js';
import { commandLineOf, type WriteChannel } from './channel.js';

/** The channel over `api`; `dryRun` prints the request a dry run would send. */
export function apiChannel(api: () => Promise<ApiClient>, dryRun: (ep: Endpoint, params: Params) => Promise<void>): WriteChannel<Endpoint> {
  return {
    entry: endpoint,
    async send(ep, params) {
      return (await (await api()).call(ep, params)).data;
    },
    dryRun,
    rows: (ep, data) => rowsOf(ep, data),
    commandLine: (ep, params) => commandLineOf(ep, params),
  };
}
