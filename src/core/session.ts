/**
 * The venue session: the settings, the profile, the venue, the background sandbox, the credentials
 * and the calls of both generations, each loaded when first asked for. It belongs to neither face:
 * a command's invocation (src/context.ts) holds one, and so does a library client that names no
 * address (src/lib/cli-venue.ts). What it is made with (options, sink) is ./session-options.ts.
 */
import type { Credentials } from '../api/client.js';
import type { Env } from '../util/paths.js';
import { readSettings, type ProfileSettings, type Settings } from '../config/settings.js';
import { resolveVenue, type Venue } from '../config/venue.js';
import { config as configError, usage } from '../errors.js';
import type { CurrentCalls } from './calls.js';
import type { LegacyCalls } from './legacy-calls.js';
import type { WaitClock } from '../util/clock.js';
import type { LibVenue, VenueOrigin, Wiring } from './venue.js';
import { credentialOrigin } from '../profiles/credentials.js';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, settingOf, type SessionOptions, type SessionSink } from './session-options.js';
import { WriteLog } from './write/log.js';

export class Session {
  private cachedSettings?: Settings;
  private cachedVenue?: Venue;
  private cachedCalls?: Promise<CurrentCalls>;
  private cachedLegacy?: Promise<LegacyCalls>;
  private cachedCreds?: Promise<Credentials | undefined>;
  private sandboxUrl?: string;

  /**
   * `ownSandbox` false (the library): the built-in sandbox is one already running on the machine,
   * never started or restarted by this session.
   */
  constructor(
    readonly options: SessionOptions,
    readonly env: Env,
    readonly sink: SessionSink,
    /** Writes sent through this session's calls (shared by every session of one run). */
    readonly writes: WriteLog = new WriteLog(),
    private readonly ownSandbox = true,
    /** The clock of requests, pauses and waits; absent: the system's (a test gives one it moves). */
    readonly clock?: WaitClock,
  ) {}

  get settings(): Settings {
    return (this.cachedSettings ??= readSettings(this.env, (line) => this.sink.warn(line)));
  }

  /** The profile in use: --profile, BM_PROFILE, the current one, else none. */
  get profileName(): string | undefined {
    return this.options.profile ?? this.env.BM_PROFILE ?? this.settings.currentProfile;
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
    return (this.cachedVenue ??= resolveVenue(this.options, this.env, this.profile));
  }

  /** `--sandbox` was given: a profile of another venue is pointed at the sandbox. */
  get sandboxFlag(): boolean {
    return Boolean(this.options.sandbox);
  }

  get canPrompt(): boolean {
    return this.sink.canPrompt;
  }

  /** The REST base URL; for the built-in sandbox, finds it (and, on the command line, starts it when none runs). */
  async baseUrl(): Promise<string> {
    if (this.venue.baseUrl) return this.venue.baseUrl;
    if (!this.ownSandbox) return (await import('../config/background-sandbox.js')).runningSandbox(this.env);
    if (!this.sandboxUrl) {
      const { ensureSandbox } = await import('../config/background-sandbox.js');
      this.sandboxUrl = await ensureSandbox(this);
    }
    return this.sandboxUrl;
  }

  /** The venue with the sandbox address filled in. */
  async resolvedVenue(): Promise<Venue> {
    if (this.venue.preset !== 'sandbox' || this.venue.baseUrl) return this.venue;
    const { sandboxVenue } = await import('../config/venue.js');
    const s = sandboxVenue(await this.baseUrl());
    // Addresses given explicitly (--ws-url, --legacy-url, --service) still win.
    return { ...s, wsUrl: this.venue.wsUrl || s.wsUrl, legacyUrl: this.venue.legacyUrl || s.legacyUrl, service: this.venue.service || s.service };
  }

  /** Credentials: BM_API_KEY/SECRET/MEMO, else the profile's, else the sandbox paper account. */
  credentials(): Promise<Credentials | undefined> {
    this.cachedCreds ??= import('../profiles/credentials.js').then((m) => m.loadCredentials(this));
    return this.cachedCreds;
  }

  /** Per-request timeout, ms: --timeout, BM_TIMEOUT, else 10000. */
  get timeoutMs(): number {
    const t = settingOf(this.options.timeout, '--timeout', 'BM_TIMEOUT', this.env);
    if (t === undefined) return DEFAULT_TIMEOUT_MS;
    if (!/^[0-9]+$/.test(t.value) || Number(t.value) < 1 || Number(t.value) > MAX_TIMEOUT_MS) {
      throw usage(`${t.from}: must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got '${t.value}')`);
    }
    return Number(t.value);
  }

  get verbose(): boolean {
    return Boolean(this.options.verbose) || this.env.BM_DEBUG === '1';
  }

  /** A line of chatter, unless silenced. */
  note(line: string): void {
    this.sink.note(line);
  }

  /** A trace line with --verbose or BM_DEBUG=1. */
  trace(line: string): void {
    if (this.verbose) this.sink.warn(`[bm] ${line}`);
  }

  /** This session's venue as a client reads it: the sandbox found (and started or restarted) as the session does. */
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
      refused: (reached: boolean) => this.refused(reached),
      origin: () => this.origin(),
    };
  }

  /** The venue's and the credentials' origin (nothing is read from the keychain). */
  origin(): VenueOrigin {
    return { builtin: this.venue.preset === 'sandbox' && !this.venue.baseUrl, account: credentialOrigin(this) };
  }

  /** How this session's calls reach the venue: its profile, venue, credentials and options (src/core/venue.ts). */
  wiring(): Wiring {
    return {
      venue: this.libVenue(),
      env: this.env,
      timeoutMs: this.timeoutMs,
      note: (line: string) => this.note(line),
      ...(this.verbose ? { trace: (line: string) => this.trace(line) } : {}),
      gateTrace: (line: string) => this.trace(line),
      ...(this.clock ? { clock: this.clock } : {}),
    };
  }

  /** The current generation's calls of this session: the same class a library client calls through. */
  calls(): Promise<CurrentCalls> {
    // A request that may change the venue is noted as it leaves: a later usage error then cannot say "nothing was sent".
    // A raw call to a route the catalogue does not know is taken as a write unless it is a GET.
    this.cachedCalls ??= import('./calls.js').then(({ CurrentCalls }) => this.writes.watch(new CurrentCalls(this.wiring()), (ep) => ep.write ?? ep.method !== 'GET'));
    return this.cachedCalls;
  }

  /** The first generation's calls of this session (as `client.legacy`'s). */
  legacyCalls(): Promise<LegacyCalls> {
    this.cachedLegacy ??= import('./legacy-calls.js').then(({ LegacyCalls }) => this.writes.watch(new LegacyCalls(this.wiring()), (ep) => ep.write === true));
    return this.cachedLegacy;
  }

  /**
   * After a refused connection: the built-in sandbox restarted and its new address, or undefined (an explicit venue,
   * or the library's). After a connection reset once made (`reached`), only a sandbox whose process is gone is
   * started again: one that runs was not what failed.
   */
  async refused(reached = false): Promise<string | undefined> {
    if (this.venue.baseUrl || !this.ownSandbox) return undefined;
    const { restartSandbox, restartIfGone } = await import('../config/background-sandbox.js');
    const url = reached ? await restartIfGone(this) : await restartSandbox(this);
    if (url) this.sandboxUrl = url;
    return url;
  }

  /**
   * After "key not found": when the key is the built-in sandbox's paper account and the sandbox was
   * reset, re-creates the account (as on first use) and returns true; the next credentials() is fresh.
   */
  async renewStaleKey(): Promise<boolean> {
    const used = await this.cachedCreds?.catch(() => undefined);
    const { renewPaperIfStale } = await import('../profiles/credentials.js');
    if (!(await renewPaperIfStale(this, used))) return false;
    this.cachedCreds = undefined;
    return true;
  }
}
