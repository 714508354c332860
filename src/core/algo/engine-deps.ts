/**
 * What the engine of one conditional order (./engine.ts) is given: its write channel and host, its
 * clock, the points where tests stop a firing, its waits and the owner's stop; and what a resume is for.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';
import type { FirePoint } from './fire-types.js';
import type { Spawner } from './notify/spawn.js';

export interface EngineDeps {
  readonly channel: WriteChannel<Endpoint>;
  /** Notes (progress lines) and the write log; firings are confirmed when the algo is. */
  readonly host: WriteHost;
  /** The command, for messages (`order stop`). */
  readonly command: string;
  /** The clock, ms since the epoch. */
  readonly now: () => number;
  /** Called at each point of a firing (tests stop the engine there). */
  readonly at?: (point: FirePoint, leg: string) => void;
  /** Waits between two attempts at a leg (default: a timer on the host's clock). */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * Stops a firing at its next wait between two attempts (never mid-request), the leg left `sending` in the
   * journal; {@link AlgoEngine.close} waits for that. The owner's stop: Ctrl-C, a runner's SIGTERM, a library call's signal.
   */
  readonly signal?: AbortSignal;
  /** How a leg that acts (an alert) starts programs (default: node's spawn). */
  readonly spawner?: Spawner;
  /** Replacements of the orders legs follow (an amend of a bracket's entry): absent, none are looked for. */
  readonly moves?: EntryMoves;
}

/** What an exit firing on an entry's order tells, and reads of, an amend of that order (./moves.ts). */
export interface EntryMoves {
  /** Notes that algo `id`'s exit `leg` fires on order `from`: an amend of it places nothing more, or cancels what it placed. */
  fired(id: string, from: string, leg: string): void;
  /** The order that replaced `from` under algo `id`, `pending` while an amend is under way, or undefined. */
  to(id: string, from: string): string | 'pending' | undefined;
}

/** What a resume is for: to run on (legs being sent are looked up, and sent when the venue has none), or to cancel (never sent). */
export type ResumeFor = 'run' | 'cancel';
