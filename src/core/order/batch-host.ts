/** What sending a batch and settling its orders both read (./batch-send.ts, ./batch-settle.ts). */
import type { Endpoint } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import type { WriteChannel } from '../write/channel.js';
import type { CheckedOrder } from './check.js';
import type { WaitClock } from '../../util/clock.js';

/** What a batch is sent through: a command's context, or a library client. */
export interface BatchHost {
  /** Sends one request: the answer's data; undefined on a dry run (the request shown instead). */
  send(ep: Endpoint, params: Params): Promise<unknown>;
  /** The write channel lookups read through. */
  readonly channel: WriteChannel<Endpoint>;
  note(line: string): void;
  readonly dryRun: boolean;
  /** The clock of the lookups' pauses; absent: the system's. */
  readonly clock?: WaitClock;
}

/** An order of the file and its place there (from 1). */
export interface BatchOrder {
  index: number;
  order: CheckedOrder;
}
