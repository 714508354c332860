/**
 * What an alert does when it fires: a desktop notification where the machine has one (`notify-send` on
 * Linux, `osascript` on macOS; none: nothing), and the user's own command run once through the shell with
 * the alert's details in its environment (BM_ALERT_*). Nothing here is built into a shell string: the
 * notification's text reaches its program as arguments, the details reach the command as variables.
 */
import type { WaitClock } from '../../../util/clock.js';
import { endedText, runProgram, type Ran, type Spawner } from './spawn.js';

/** What an alert says of itself when it fires. */
export interface AlertDetails {
  readonly id: string;
  readonly symbol: string;
  readonly direction: 'above' | 'below';
  /** Its level, and the last price that met it (decimal strings). */
  readonly level: string;
  readonly price: string;
  /** When it fired, ms since the epoch. */
  readonly time: number;
  /** The venue it watches: `sandbox`, or the REST address. */
  readonly venue: string;
}

/** The longest a desktop notification's program is waited for, ms. */
export const DESKTOP_LIMIT_MS = 5000;
/** The longest the user's command runs before it is stopped (its process group sent SIGTERM), ms. */
export const EXEC_LIMIT_MS = 60_000;

/** The variables the user's command finds the alert's details in. */
export function alertEnv(d: AlertDetails): Record<string, string> {
  return {
    BM_ALERT_ID: d.id, BM_ALERT_SYMBOL: d.symbol, BM_ALERT_DIRECTION: d.direction, BM_ALERT_LEVEL: d.level,
    BM_ALERT_PRICE: d.price, BM_ALERT_TIME: new Date(d.time).toISOString(), BM_ALERT_VENUE: d.venue,
  };
}

/** The alert in one line: `BTC_USDT above 70000: last price 70001.5 (2026-11-28T10:00:00.000Z)`. */
export function alertLine(d: AlertDetails): string {
  return `${d.symbol} ${d.direction} ${d.level}: last price ${d.price} (${new Date(d.time).toISOString()})`;
}

/** The desktop's notifier on this platform, with the arguments that carry `title` and `body`; undefined: none. */
export function desktopCommand(platform: string, title: string, body: string): { file: string; args: string[] } | undefined {
  if (platform === 'linux') return { file: 'notify-send', args: ['--app-name=bm', title, body] };
  // The text is the script's arguments, never part of the script.
  if (platform === 'darwin') return { file: 'osascript', args: ['-e', 'on run argv', '-e', 'display notification (item 2 of argv) with title (item 1 of argv)', '-e', 'end run', title, body] };
  return undefined;
}

/** What an alert's firing is given: how programs start, the clock of their time limits, the platform and environment. */
export interface NotifyDeps {
  readonly spawner: Spawner;
  readonly clock: WaitClock;
  readonly platform: string;
  /** The environment the command inherits, bm's own variables (BM_*) left out: the key's secret never reaches it. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The desktop notification; a line to log, or none when the machine has no notifier (nothing to say). */
async function desktop(deps: NotifyDeps, d: AlertDetails): Promise<string | undefined> {
  const cmd = desktopCommand(deps.platform, `bm: ${d.symbol} ${d.direction} ${d.level}`, `last price ${d.price} (alert ${d.id})`);
  if (!cmd) return undefined;
  const r = await runProgram(deps.spawner, cmd.file, cmd.args, { env: deps.env as NodeJS.ProcessEnv }, deps.clock, DESKTOP_LIMIT_MS);
  if (r.missing) return undefined;
  return r.code === 0 ? `desktop notification shown (${cmd.file})` : `desktop notification not shown: ${cmd.file} ${endedText(r, DESKTOP_LIMIT_MS)}${said(r)}`;
}

/** What a program printed, for the log: ` (output: ...)`, or nothing. */
function said(r: Ran): string {
  const text = r.output.trim();
  if (!text && !r.dropped) return '';
  return `; output: ${JSON.stringify(text)}${r.dropped ? ` and ${r.dropped} bytes more` : ''}`;
}

/** Runs the user's command once, in `cwd`, with the alert's details in its environment; the line to log of how it ended. */
async function exec(deps: NotifyDeps, d: AlertDetails, command: string, cwd: string): Promise<string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(deps.env)) if (v !== undefined && !k.startsWith('BM_')) env[k] = v;
  const r = await runProgram(deps.spawner, command, [], { env: { ...env, ...alertEnv(d) }, cwd, shell: true }, deps.clock, EXEC_LIMIT_MS);
  return `--exec ${r.missing ? `could not start (no folder ${cwd}, or no shell)` : endedText(r, EXEC_LIMIT_MS)}${said(r)}`;
}

/** Notifies the desktop and runs the command (if any), each said by `say` as it ends. */
export async function notifyAlert(deps: NotifyDeps, d: AlertDetails, run: { command: string; cwd: string } | undefined, say: (line: string) => void): Promise<void> {
  const shown = await desktop(deps, d);
  if (shown) say(shown);
  if (run) say(await exec(deps, d, run.command, run.cwd));
}
