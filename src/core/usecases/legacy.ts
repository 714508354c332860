/**
 * The first generation as its faces call it (`bm legacy`, `bm api /v2/...`, `client.legacy`): values
 * checked as the catalogue says, rows made of a body, and a write sent once and proven by the write
 * pipeline, answering the one outcome type of the order use cases.
 */
import type { Params } from '../../api/client.js';
import type { LegacyEndpoint } from '../../legacy/catalogue.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';
import { carefulWrite } from '../write/pipeline.js';
import { outcomeOf, type OneWriteOutcome } from './order-outcome.js';

export { label, legacyValues } from '../legacy-validate.js';
export { rowsOfLegacy } from '../legacy/rows.js';
export type { LegacyCalls } from '../legacy-calls.js';

/** What a legacy write needs of its face: confirmation and notes, and how its requests leave. */
export interface LegacyPort {
  readonly host: WriteHost;
  readonly channel: WriteChannel<LegacyEndpoint>;
}

/** A legacy write: confirmed, sent once, proven (or its refusal, or an unknown outcome with its lookup). */
export function writeLegacy(port: LegacyPort, ep: LegacyEndpoint, params: Params, command: string): Promise<OneWriteOutcome<LegacyEndpoint>> {
  return outcomeOf('done', command, () => carefulWrite(port.host, port.channel, { ep, params, command }));
}
