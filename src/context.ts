/**
 * One invocation's world: terminal, options, environment, and lazy getters for the settings,
 * the profile, the venue, the credentials and the API client. Nothing is loaded before it is asked for.
 */
import type { Command } from 'commander';
import type { Credentials } from './api/client.js';
import type { CurrentCalls } from './core/calls.js';
import type { LegacyCalls } from './core/legacy-calls.js';
import type { LibVenue, Wiring } from './core/venue.js';
import type { Env } from './config/paths.js';
import { readSettings, type ProfileSettings, type Settings } from './config/settings.js';
import { resolveVenue, type Venue } from './config/venue.js';
import { config as configError, usage } from './errors.js';
import type { IO } from './render/io.js';
import { FORMATS, parseFormat, type Format } from './render/output.js';
import { WriteLog } from './core/write/log.js';

/** Options every command accepts (cli.md, global options). */
export interface GlobalOptions {
  profile?: string;
  sandbox?: boolean;
  baseUrl?: string;
  wsUrl?: string;
  legacyUrl?: string;
  service?: string;
  output?: string;
  json?: boolean;
  fields?: string;
  color?: string;
  timeout?: string;
  verbose?: boolean;
  quiet?: boolean;
  yes?: boolean;
  dryRun?: boolean;
  header?: boolean;
}

/** Builds the Context of the command being run, from its options and its parents'. */
export type ContextOf = (cmd: Command) => Context;

export const DEFAULT_TIMEOUT_MS = 10_000;

/** The longest timeout a timer can hold (ms, about 24.8 days); beyond it Node fires at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** Values of `--color` and `BM_COLOR`. */
export const COLOR_MODES = ['auto', 'always', 'never'] as const;

/** A setting's value and where it came from: the option, the environment variable, or the profile. */
interface Setting {
  readonly value: string;
  readonly from: string;
}

export class Context {
  private cachedSettings?: Settings;
  private cachedVenue?: Venue;
  private cachedCalls?: Promise<CurrentCalls>;
  private cachedLegacy?: Promise<LegacyCalls>;
  private cachedCreds?: Promise<Credentials | undefined>;
  private sandboxUrl?: string;

  constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    readonly env: Env,
    /** Writes this invocation has sent (shared by every Context of one run): main.ts reads it. */
    readonly writes: WriteLog = new WriteLog(),
  ) {}

  get settings(): Settings {
    return (this.cachedSettings ??= readSettings(this.env, (line) => this.io.err(`${line}\n`)));
  }

  /** The profile in use: --profile, BM_PROFILE, the current one, else none. */
  get profileName(): string | undefined {
    return this.globals.profile ?? this.env.BM_PROFILE ?? this.settings.currentProfile;
  }

  /** Settings of the profile in use; a named profile that does not exist is a config error. */
  get profile(): ProfileSettings | undefined {
    const name = this.profileName;
    if (!name) return undefined;
    const p = this.settings.profiles[name];
    if (!p) {
      if (name === 'sandbox') return { venue: 'sandbox' };
      throw configError(`no profile named '${name}'`, 'list profiles with: bm profile list');
    }
    return p;
  }

  get venue(): Venue {
    return (this.cachedVenue ??= resolveVenue(this.globals, this.env, this.profile));
  }

  /** The REST base URL; for the built-in sandbox, finds it and starts it when none runs. */
  async baseUrl(): Promise<string> {
    if (this.venue.baseUrl) return this.venue.baseUrl;
    if (!this.sandboxUrl) {
      const { ensureSandbox } = await import('./config/background-sandbox.js');
      this.sandboxUrl = await ensureSandbox(this);
    }
    return this.sandboxUrl;
  }

  /** The venue with the sandbox address filled in. */
  async resolvedVenue(): Promise<Venue> {
    if (this.venue.preset !== 'sandbox' || this.venue.baseUrl) return this.venue;
    const { sandboxVenue } = await import('./config/venue.js');
    const s = sandboxVenue(await this.baseUrl());
    // Addresses given explicitly (--ws-url, --legacy-url, --service) still win.
    return { ...s, wsUrl: this.venue.wsUrl || s.wsUrl, legacyUrl: this.venue.legacyUrl || s.legacyUrl, service: this.venue.service || s.service };
  }

  /** Credentials: BM_API_KEY/SECRET/MEMO, else the profile's, else the sandbox paper account. */
  credentials(): Promise<Credentials | undefined> {
    if (!this.cachedCreds) {
      this.cachedCreds = import('./profiles/credentials.js').then((m) => m.loadCredentials(this));
    }
    return this.cachedCreds;
  }

  /** Per-request timeout, ms: --timeout, BM_TIMEOUT, else 10000. */
  get timeoutMs(): number {
    const t = this.setting(this.globals.timeout, '--timeout', 'BM_TIMEOUT');
    if (t === undefined) return DEFAULT_TIMEOUT_MS;
    if (!/^[0-9]+$/.test(t.value) || Number(t.value) < 1 || Number(t.value) > MAX_TIMEOUT_MS) {
      throw usage(`${t.from}: must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got '${t.value}')`);
    }
    return Number(t.value);
  }

  get verbose(): boolean {
    return Boolean(this.globals.verbose) || this.env.BM_DEBUG === '1';
  }

  /** This invocation's venue as a client reads it: the sandbox found (and started or restarted) as the context does. */
  libVenue(): LibVenue {
    return {
      baseUrl: () => this.baseUrl(),
      ws: async () => {
        const v = await this.resolvedVenue();
        return { url: v.wsUrl, service: v.service };
      },
      // An explicit legacy address wins without finding (or starting) the built-in sandbox.
      legacyUrl: async () => (this.venue.legacyUrl || (await this.resolvedVenue()).legacyUrl).replace(/\/+$/, ''),
      credentials: () => this.credentials(),
      renewKey: () => this.renewStaleKey(),
      refused: () => this.refused(),
    };
  }

  /**
   * How this invocation's calls reach the venue: its profile, venue, credentials and options, as a
   * library client is wired (src/lib/venue.ts).
   */
  wiring(): Wiring {
    return {
      venue: this.libVenue(),
      env: this.env,
      timeoutMs: this.timeoutMs,
      note: (line: string) => this.note(line),
      ...(this.verbose ? { trace: (line: string) => this.trace(line) } : {}),
      gateTrace: (line: string) => this.trace(line),
    };
  }

  /**
   * The current generation's calls of this invocation: the core a library client calls through
   * (src/lib/calls.ts), so every command reaches the venue by the same code as the library.
   */
  calls(): Promise<CurrentCalls> {
    // A request that may change the venue is noted as it leaves: a later usage error then cannot say "nothing was sent".
    // A raw call to a route the catalogue does not know is taken as a write unless it is a GET.
    this.cachedCalls ??= import('./core/calls.js').then(({ CurrentCalls }) => this.writes.watch(new CurrentCalls(this.wiring()), (ep) => ep.write ?? ep.method !== 'GET'));
    return this.cachedCalls;
  }

  /** The first generation's calls of this invocation (src/lib/legacy.ts, as `client.legacy`'s). */
  legacyCalls(): Promise<LegacyCalls> {
    this.cachedLegacy ??= import('./core/legacy-calls.js').then(({ LegacyCalls }) => this.writes.watch(new LegacyCalls(this.wiring()), (ep) => ep.write === true));
    return this.cachedLegacy;
  }

  /** After a refused connection: the built-in sandbox restarted and its new address, or undefined (an explicit venue). */
  async refused(): Promise<string | undefined> {
    if (this.venue.baseUrl) return undefined;
    const { restartSandbox } = await import('./config/background-sandbox.js');
    this.sandboxUrl = await restartSandbox(this);
    return this.sandboxUrl;
  }

  /**
   * After "key not found": when the key is the built-in sandbox's paper account and the sandbox was
   * reset, re-creates the account (as on first use) and returns true; the next credentials() is fresh.
   */
  async renewStaleKey(): Promise<boolean> {
    const used = await this.cachedCreds?.catch(() => undefined);
    const { renewPaperIfStale } = await import('./profiles/credentials.js');
    if (!(await renewPaperIfStale(this, used))) return false;
    this.cachedCreds = undefined;
    return true;
  }

  /** Output format: -o/--json, BM_OUTPUT, the profile's, else table on a terminal and tsv in a pipe. */
  get format(): Format {
    if (this.globals.json) return 'json';
    const f = this.formatSetting();
    if (!f) return this.io.isTTY ? 'table' : 'tsv';
    if (f.from.startsWith('profile') && !(FORMATS as readonly string[]).includes(f.value)) {
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
    if (!(COLOR_MODES as readonly string[]).includes(c.value)) throw usage(`${c.from}: must be one of ${COLOR_MODES.join(', ')} (got '${c.value}')`);
    return c.value as (typeof COLOR_MODES)[number];
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
  }

  /** A line of chatter on stderr, unless --quiet. */
  note(line: string): void {
    if (!this.globals.quiet) this.io.err(`${line}\n`);
  }

  /** A trace line on stderr with --verbose or BM_DEBUG=1. */
  trace(line: string): void {
    if (this.verbose) this.io.err(`[bm] ${line}\n`);
  }

  private formatSetting(): Setting | undefined {
    return this.setting(this.globals.output, '--output', 'BM_OUTPUT') ?? this.profileSetting('output');
  }

  /** The option's value, else the environment variable's (an empty variable counts as unset). */
  private setting(flag: string | undefined, option: string, variable: string): Setting | undefined {
    if (flag !== undefined) return { value: flag, from: option };
    const v = this.env[variable];
    return v === undefined || v === '' ? undefined : { value: v, from: variable };
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
