/**
 * The checks of `bm doctor`. Each says ok, or what is wrong and what to do; none throws, and none
 * prints a secret.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { endpoint } from '../../api/catalogue/index.js';
import { proxyFor } from '../../api/transport.js';
import { configDir } from '../../util/paths.js';
import { clockSkew, CLOCK_FAIL_MS, CLOCK_NOTE_MS } from '../../core/usecases/doctor.js';
import { systemClock } from '../../util/clock.js';
import { exposures } from '../../config/permissions.js';
import { SETTINGS_FILE } from '../../config/settings.js';
import { CREDENTIALS_FILE } from '../../profiles/secretfile.js';
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';

export type Status = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  readonly check: string;
  readonly status: Status;
  readonly detail: string;
  /** What to do when not ok. */
  readonly fix?: string;
}

type Check = (ctx: Context) => Promise<CheckResult | CheckResult[]>;

function mode(path: string): number | undefined {
  return statSync(path, { throwIfNoEntry: false })?.mode;
}

const configPermissions: Check = async (ctx) => {
  const dir = configDir(ctx.env);
  const file = join(dir, SETTINGS_FILE);
  const creds = join(dir, CREDENTIALS_FILE);
  const d = mode(dir);
  const f = mode(file);
  const exposed = exposures(ctx.env);
  if (exposed.length) {
    const detail = `others can change ${exposed.map((e) => `${e.path} (it ${e.why})`).join(', ')}: signed commands are refused`;
    return { check: 'config', status: 'fail', detail, fix: exposed.map((e) => e.fix).join('; ') };
  }
  if (d === undefined) return { check: 'config', status: 'ok', detail: `${dir} does not exist yet (defaults in use)` };
  const open = (path: string, m: number | undefined) => (m !== undefined && (m & 0o077) !== 0 ? `${path} is ${(m & 0o777).toString(8)}` : '');
  const bad = [open(dir, d), open(file, f), open(creds, mode(creds))].filter(Boolean);
  if (bad.length) return { check: 'config', status: 'fail', detail: `readable by others: ${bad.join(', ')}`, fix: `chmod 700 ${dir}; chmod 600 ${[file, ...(mode(creds) === undefined ? [] : [creds])].join(' ')}` };
  return { check: 'config', status: 'ok', detail: `${dir} (0700${f !== undefined ? `, ${SETTINGS_FILE} 0600` : ''})` };
};

const BACKENDS: Record<string, string> = { linux: 'Secret Service (D-Bus)', darwin: 'macOS Keychain', win32: 'Windows Credential Manager' };

const keychain: Check = async (ctx) => {
  const backend = BACKENDS[process.platform] ?? process.platform;
  try {
    const { KeychainStore } = await import('../../profiles/keychain.js');
    const { TimedSecretStore } = await import('../../profiles/secrets.js');
    await new TimedSecretStore(new KeychainStore(ctx.env)).get('bm-doctor-probe');
    return { check: 'keychain', status: 'ok', detail: `reachable: ${backend}` };
  } catch (err) {
    const e = err as BmError;
    return { check: 'keychain', status: 'warn', detail: `${backend}: ${e.message}`, fix: e.details?.hint ?? 'start or unlock the keychain, or use --insecure-storage' };
  }
};

export const proxy: Check = async (ctx) => {
  const base = await ctx.baseUrl();
  const p = proxyFor(base, ctx.env);
  return { check: 'proxy', status: 'ok', detail: p ? `${base} goes through ${p.replace(/\/\/[^@/]*@/, '//[redacted]@')}` : `none for ${base}` };
};

/** How far this machine's clock is from the venue's (`offset`: the venue's minus ours, ms). */
function clockCheck(offset: number): CheckResult {
  const abs = Math.abs(offset);
  const ms = Math.round(offset);
  if (abs <= CLOCK_NOTE_MS) return { check: 'clock', status: 'ok', detail: `offset ${ms} ms from the venue` };
  const fix = 'sync the system clock (timedatectl set-ntp true); bm goes by the venue\'s clock meanwhile: its algo runners judge trades by the venue\'s times and note the difference in their logs';
  if (abs <= CLOCK_FAIL_MS) return { check: 'clock', status: 'warn', detail: `${clockSkew(offset)} (offset ${ms} ms)`, fix };
  return { check: 'clock', status: 'fail', detail: `${clockSkew(offset)} (offset ${ms} ms): the venue refuses a signed call stamped 60 s off, and bm corrects its own only after a first refusal`, fix };
}

const rest: Check = async (ctx) => {
  const base = await ctx.baseUrl();
  const calls = await ctx.calls();
  const clock = ctx.clock ?? systemClock;
  const started = clock.now();
  try {
    // Learned by the session's REST client: the signed call of the credentials check carries the venue's time.
    const offset = await calls.api.syncClock();
    const rtt = clock.now() - started;
    return [{ check: 'rest', status: 'ok', detail: `${base} answers in ${rtt} ms` }, clockCheck(offset)];
  } catch (err) {
    return [
      { check: 'rest', status: 'fail', detail: `${base}: ${(err as Error).message}`, fix: (err as BmError).details?.hint ?? 'check --base-url and the network' },
      { check: 'clock', status: 'skip', detail: 'not measured: the venue did not answer' },
    ];
  }
};

const websocket: Check = async (ctx) => {
  let url = '';
  try {
    const venue = ctx.venue.wsUrl ? ctx.venue : await ctx.resolvedVenue();
    const [{ probeWs }, { streamAddress }] = await Promise.all([import('../../ws/probe.js'), import('../../core/usecases/live.js')]);
    url = streamAddress(venue.wsUrl, 'public');
    const { rttMs } = await probeWs(url, Math.min(ctx.timeoutMs, 5000));
    return { check: 'websocket', status: 'ok', detail: `${url} answers ping in ${rttMs} ms` };
  } catch (err) {
    const e = err as BmError;
    return { check: 'websocket', status: 'fail', detail: url ? e.message : `no WebSocket address: ${e.message}`, fix: e.details?.hint ?? 'check --ws-url and the network' };
  }
};

const credentials: Check = async (ctx) => {
  let creds;
  try {
    creds = await ctx.credentials();
  } catch (err) {
    return { check: 'credentials', status: 'fail', detail: (err as Error).message, fix: (err as BmError).details?.hint ?? 'bm profile add NAME' };
  }
  if (!creds) return { check: 'credentials', status: 'warn', detail: 'none configured: private commands will fail', fix: 'bm profile add NAME' };
  try {
    await (await ctx.calls()).send(endpoint('test.get'), [['symbol', 'BTC_USDT']]);
    return { check: 'credentials', status: 'ok', detail: `a signed call was accepted (key ...${creds.key.slice(-4)})` };
  } catch (err) {
    const { explain } = await import('../verify-key.js');
    const e = explain(err, await ctx.baseUrl(), ctx.profileName) as BmError;
    return { check: 'credentials', status: 'fail', detail: e.message, fix: e.details?.hint ?? 'bm profile test' };
  }
};

/** Conditional orders are held by this machine: one armed that no runner holds watches nothing. */
const algos: Check = async (ctx) => {
  const { armedAlgos, unattendedAlgos } = await import('../../core/usecases/algo-kept.js');
  const armed = armedAlgos(ctx.env);
  const idle = unattendedAlgos(ctx.env);
  if (idle.length) return { check: 'algos', status: 'warn', detail: `${idle.length} of ${armed.length} armed conditional order${armed.length === 1 ? '' : 's'} no runner holds: ${idle.join(', ')}`, fix: 'bm algo resume --all' };
  return { check: 'algos', status: 'ok', detail: armed.length ? `${armed.length} armed, each held by its runner` : 'none armed on this machine' };
};

export const CHECKS: readonly Check[] = [configPermissions, keychain, proxy, rest, websocket, credentials, algos];
