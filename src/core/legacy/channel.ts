/** The legacy generation as the careful-write pipeline sees it, for any holder of a legacy client (a command, the library). */
import type { Params } from '../../api/client.js';
import { flagOf, legacyEndpoint, type LegacyEndpoint } from '../../legacy/catalogue.js';
import type { LegacyClient } from '../../legacy/client.js';
import type { LegacyValues } from '../../legacy/request.js';
import { scalarText } from '../../util/json.js';
import { commandLineOf, type WriteChannel } from '../write/channel.js';
import { rowsOfLegacy } from './rows.js';

/** Wire values as the legacy request builder takes them: text by name, unsent ones left out. */
export function valuesOf(params: Params): LegacyValues {
  return Object.fromEntries(params.filter(([, v]) => v !== undefined).map(([k, v]) => [k, scalarText(v)]));
}

/** The channel over `api`; `dryRun` prints the request a dry run would send. */
export function legacyApiChannel(api: LegacyClient, dryRun: (ep: LegacyEndpoint, params: Params) => Promise<void>): WriteChannel<LegacyEndpoint> {
  return {
    entry: legacyEndpoint,
    send: (ep, params) => api.call(ep, valuesOf(params)),
    dryRun,
    rows: (ep, data) => rowsOfLegacy(ep, data, {}, 'json'),
    commandLine: (ep, params) => commandLineOf(ep, params, ['legacy'], flagOf),
  };
}
