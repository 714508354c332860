/**
 * One invocation of the command line: its terminal, its options (format, fields, colour, chatter) and
 * the venue session it runs with (src/core/session.ts: settings, profile, venue, credentials, calls).
 * Nothing is loaded before it is asked for.
 */
import type { Command } from 'commander';
import type { Credentials } from './api/client.js';
import type { Env } from './util/paths.js';
import type { ProfileSettings, Settings } from './config/settings.js';
import type { Venue } from './config/venue.js';
import { Session, settingOf, WriteLog, type CurrentCalls, type LegacyCalls, type LibVenue, type Setting, type SessionOptions, type Wiring, type WriteHost } from './core/usecases/session.js';
import type { WaitClock } from './util/clock.js';
import { matchWord } from './api/catalogue/vocab.js';
import { config as configError, usage } from './errors.js';
import { keychainTimeout } from './profiles/secrets.js';
import type { IO } from './render/io.js';
import { FORMATS, parseFormat, type Format } from './render/output.js';

export { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './core/usecases/session.js';

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

/** Builds the Context of the command being run, from its options and its parents'. */
export type ContextOf = (cmd: Command) => Context;

/** Values of `--color` and `BM_COLOR`. */
export const COLOR_MODES = ['auto', 'always', 'never'] as const;

/** An invocation; as the core's WriteHost, it confirms a write with its prompt (or --yes) and notes on stderr. */
export class Context implements WriteHost {
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

  /** json, ndjson: ids as the venue sent them (`--raw-ids`) rather than as strings. */
  get rawIds(): boolean {
    return Boolean(this.globals.rawIds);
  }

  get dryRun(): boolean {
    return Boolean(this.globals.dryRun);
  }

  /** The command line's confirmation: --yes, else the prompt on a terminal, else exit 2 (src/render/confirm.ts). */
  async confirm(what: string, command: string, context: readonly string[] = []): Promise<void> {
    const { confirmWrite } = await import('./render/confirm.js');
    await confirmWrite(this, what, command, context);
  }

  /** Output format: -o/--json, BM_OUTPUT, the profile's, else table on a terminal and tsv in a pipe. */
  get format(): Format {
    if (this.globals.json) return 'json';
    const f = this.formatSetting();
    if (!f) return this.io.isTTY ? 'table' : 'tsv';
    if (f.from.startsWith('profile') && !matchWord(FORMATS, f.value)) {
      throw configError(`${f.from}: '${f.value}' is not a format (${FORMATS.join(', ')})`, `set another: bm profile add ${this.profileName} --output json (or edit the settings file)`);
    }
    return parseFormat(f.value, f.from);
  }

  /** The format the user asked for on this command line (-o, --json), not a default or a setting. */
  get explicitFormat(): Format | undefined {
    if (this.globals.json) return 'json';
    return this.globals.output === undefined ? undefined : parseFormat(this.globals.output);
  }

  get fields(): string[] | undefined {
    const f = this.globals.fields;
    if (f === undefined) return undefined;
    const list = f.split(',').map((s) => s.trim()).filter(Boolean);
    if (!list.length) throw usage('--fields: give column names separated by commas, e.g. symbol,last_price');
    return list;
  }

  /** Colour as set: --color, else BM_COLOR (auto, always, never), else auto. */
  get colorMode(): (typeof COLOR_MODES)[number] {
    const c = this.setting(this.globals.color, '--color', 'BM_COLOR');
    if (c === undefined) return 'auto';
    const mode = matchWord(COLOR_MODES, c.value);
    if (!mode) throw usage(`${c.from}: must be one of ${COLOR_MODES.join(', ')} (got '${c.value}')`);
    return mode;
  }

  /**
   * Reads every setting this invocation uses (options, environment, the profile's output), so a bad
   * value is an error naming where it came from before anything is sent, not after. `profileToo`
   * false: a bad stored setting is left to the commands that mend profiles.
   */
  checkSettings(profileToo = true): void {
    if (this.globals.output !== undefined) parseFormat(this.globals.output);
    if (profileToo || !this.formatSetting()?.from.startsWith('profile')) void this.format;
    void this.fields;
    void this.timeoutMs;
    void this.colorMode;
    keychainTimeout(this.env);
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

  private formatSetting(): Setting | undefined {
    return this.setting(this.globals.output, '--output', 'BM_OUTPUT') ?? this.profileSetting('output');
  }

  private setting(flag: string | undefined, option: string, variable: string): Setting | undefined {
    return settingOf(flag, option, variable, this.env);
  }

  /** A setting of the profile in use; none when there is no profile (a missing one fails where the venue is read). */
  private profileSetting(key: 'output'): Setting | undefined {
    const v = this.safeProfile()?.[key];
    return v ? { value: v, from: `profile '${this.profileName}' ${key}` } : undefined;
  }

  private safeProfile(): ProfileSettings | undefined {
    try {
      return this.profile;
    } catch {
      return undefined;
    }
  }
}
