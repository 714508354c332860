/**
 * One invocation of the command line as its commands see it: the output they print (format, fields,
 * colour, ids as sent), the confirmation of a write, and every setting checked before anything is sent.
 * What it runs with (its terminal, options, venue session, clock and signals) is ./invocation.ts.
 */
import type { Command } from 'commander';
import { settingOf, type Setting, type WriteHost } from './core/usecases/session.js';
import { matchWord } from './api/catalogue/vocab.js';
import { config as configError, usage } from './errors.js';
import { Invocation } from './invocation.js';
import { keychainTimeout } from './profiles/secrets.js';
import type { ProfileSettings } from './config/settings.js';
import { FORMATS, parseFormat, type Format } from './render/output.js';

export { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './core/usecases/session.js';

/** Builds the Context of the command being run, from its options and its parents'. */
export type ContextOf = (cmd: Command) => Context;

/** Values of `--color` and `BM_COLOR`. */
export const COLOR_MODES = ['auto', 'always', 'never'] as const;

/** An invocation; as the core's WriteHost, it confirms a write with its prompt (or --yes) and notes on stderr. */
export class Context extends Invocation implements WriteHost {
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
