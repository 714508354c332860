/**
 * What a firing of a leg is given and tells (./fire.ts): its channel and host, the points where tests
 * stop it, its waits and the signal that ends them, and the progress its engine journals. Apart from the
 * firing so that the lookups of ./leg-lookup.ts take the same dependencies without importing it.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';
import type { LegState } from './machine.js';

/** Where a firing is: tests stop the engine at each point to prove a restart sends nothing twice. */
export type FirePoint = 'before-send' | 'after-answer';

export interface FireDeps {
  readonly channel: WriteChannel<Endpoint>;
  readonly host: WriteHost;
  /** The command, for messages (`order stop`). */
  readonly command: string;
  readonly at?: (point: FirePoint, leg: string) => void;
  /** Waits between two attempts at a leg (default: a timer on the host's clock). */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * Ends the waiting between two attempts (never a request under way): the leg is then left `sending`,
   * for a resume to send or a cancel to settle by a lookup. Checked before every attempt.
   */
  readonly signal?: AbortSignal;
}

/** What a firing tells its engine as it goes (the engine journals and says it). */
export interface FireProgress {
  /** An attempt failed on a busy venue: `line` says why and how long until the next; `st` is the leg meanwhile. */
  waiting(line: string, st: LegState): void;
  /** Another attempt is about to leave: journaled and flushed first, the leg maybe sent from then on. */
  resending(line: string): void;
}
