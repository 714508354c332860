/**
 * One invocation of the command line as it reaches the venue: its terminal, its global options, its
 * environment, the writes it sent, the venue session it runs with (src/core/session.ts: settings, profile,
 * venue, credentials, calls), its clock and signals, and its lines on stderr. Nothing is loaded before it
 * is asked for. The Context commands are given (./context.ts) adds what they read of their options:
 * format, fields, colour, the confirmation of a write.
 */
import type { Credentials } from './api/client.js';
import type { Env } from './util/paths.js';
import type { ProfileSettings, Settings } from './config/settings.js';
import type { Venue } from './config/venue.js';
import { Session, WriteLog, type CurrentCalls, type LegacyCalls, type LibVenue, type SessionOptions, type Wiring } from './core/usecases/session.js';
import type { WaitClock } from './util/clock.js';
import type { IO } from './render/io.js';

/** Options every command accepts (cli.md, global options); those that choose the venue are the session's. */
export interface GlobalOptions extends SessionOptions {
  output?: string;
  json?: boolean;
  fields?: string;
  color?: string;
  quiet?: boolean;
  yes?: boolean;
  dryRun?: boolean;
  header?: boolean;
  /** `--raw-ids`: json and ndjson print ids exactly as sent, not as strings. */
  rawIds?: boolean;
}

/** Where the signals that end a command (Ctrl-C, SIGTERM, a resized terminal) come from: the process, or a test's emitter. */
export type Signals = Pick<NodeJS.EventEmitter, 'on' | 'once' | 'off'>;

/** What an invocation would otherwise take from its process; given by a test so that two runs in one process share nothing. */
export interface Ambient {
  /** The clock of requests, pauses and waits (default: the system's). */
  readonly clock?: WaitClock;
  /** Default: the process. */
  readonly signals?: Signals;
}

/** The invocation under a command's Context: its session, and its lines on stderr. */
export class Invocation {
  /** The venue session this invocation runs with. */
  readonly session: Session;

  constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    readonly env: Env,
    /** Writes this invocation has sent (shared by every Context of one run): main.ts reads it. */
    readonly writes: WriteLog = new WriteLog(),
    ambient: Ambient = {},
  ) {
    this.session = new Session(globals, env, {
      warn: (line) => io.err(`${line}\n`),
      note: (line) => this.note(line),
      get canPrompt() {
        return io.canPrompt;
      },
    }, writes, true, ambient.clock);
    this.signals = ambient.signals ?? process;
  }

  /** Where this invocation hears Ctrl-C and the like. */
  readonly signals: Signals;

  /** The clock of this invocation's requests, pauses and waits; undefined: the system's. */
  get clock(): WaitClock | undefined {
    return this.session.clock;
  }

  /** What this invocation took instead of its process's, for a Context made inside it. */
  get ambient(): Ambient {
    return { signals: this.signals, ...(this.clock ? { clock: this.clock } : {}) };
  }

  get settings(): Settings {
    return this.session.settings;
  }

  get profileName(): string | undefined {
    return this.session.profileName;
  }

  get profile(): ProfileSettings | undefined {
    return this.session.profile;
  }

  get venue(): Venue {
    return this.session.venue;
  }

  baseUrl(): Promise<string> {
    return this.session.baseUrl();
  }

  resolvedVenue(): Promise<Venue> {
    return this.session.resolvedVenue();
  }

  credentials(): Promise<Credentials | undefined> {
    return this.session.credentials();
  }

  get timeoutMs(): number {
    return this.session.timeoutMs;
  }

  get verbose(): boolean {
    return this.session.verbose;
  }

  libVenue(): LibVenue {
    return this.session.libVenue();
  }

  wiring(): Wiring {
    return this.session.wiring();
  }

  /** The current generation's calls: the session's, the same class a library client calls through. */
  calls(): Promise<CurrentCalls> {
    return this.session.calls();
  }

  legacyCalls(): Promise<LegacyCalls> {
    return this.session.legacyCalls();
  }

  /** A line of chatter on stderr, unless --quiet. */
  note(line: string): void {
    if (!this.globals.quiet) this.io.err(`${line}\n`);
  }

  /** A line on stderr whatever the options, --quiet included (a conditional order's leg refused for good). */
  warn(line: string): void {
    this.io.err(`${line}\n`);
  }

  /** A trace line on stderr with --verbose or BM_DEBUG=1. */
  trace(line: string): void {
    this.session.trace(line);
  }
}
