/**
 * `bm profile add NAME`: settings from flags, key/secret/memo from a prompt or stdin, a signed proof
 * against the profile's venue, then the secrets into their store and the settings into config.json.
 * When the proof fails nothing is saved (unless --no-verify, which skips it).
 */
import type { ProfileSettings, VenuePreset } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { parseFormat } from '../../render/output.js';
import { checkProfileName } from '../../profiles/store.js';
import { askCredentials } from './ask.js';
import { storeOf, venueOf } from './common.js';
import { refuseExposedConfig } from '../../config/permissions.js';
import { URL_SCHEMES, urlProblem, VENUES } from '../../config/profile-check.js';
import { clientFor, prove } from '../verify-key.js';

/** The options of `profile add`: the profile's settings as typed (the venue not yet checked). */
export interface AddOptions extends Pick<ProfileSettings, 'baseUrl' | 'wsUrl' | 'legacyUrl' | 'service' | 'output' | 'insecureStorage'> {
  venue?: string;
  /** false with --no-verify. */
  verify?: boolean;
}

const PRESETS: readonly VenuePreset[] = VENUES;

function url(flag: string, value: string | undefined, schemes: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  const problem = urlProblem(value, schemes);
  if (problem) throw usage(`--${flag}: ${JSON.stringify(value)} ${problem}`, 'give an address like https://api.example.com');
  return value.replace(/\/+$/, '');
}

/** The settings a new profile gets from its flags; throws a usage error on a contradiction. */
export function settingsFromFlags(o: AddOptions): ProfileSettings {
  const venue = (o.venue ?? (o.baseUrl ? 'custom' : 'sandbox')) as VenuePreset;
  if (!PRESETS.includes(venue)) throw usage(`--venue: one of ${PRESETS.join(', ')} (got '${o.venue}')`);
  const baseUrl = url('base-url', o.baseUrl, URL_SCHEMES.baseUrl);
  const wsUrl = url('ws-url', o.wsUrl, URL_SCHEMES.wsUrl);
  const legacyUrl = url('legacy-url', o.legacyUrl, URL_SCHEMES.legacyUrl);
  if (venue === 'custom' && !baseUrl) throw usage('--venue custom needs --base-url', 'e.g. bm profile add mine --venue custom --base-url https://api.example.com');
  if (venue !== 'custom' && (baseUrl || wsUrl || legacyUrl)) {
    throw usage(`the ${venue} venue has its own addresses`, 'to give addresses use --venue custom (or leave --venue out)');
  }
  const output = o.output === undefined ? undefined : parseFormat(o.output);
  return {
    venue,
    ...(baseUrl ? { baseUrl } : {}), ...(wsUrl ? { wsUrl } : {}), ...(legacyUrl ? { legacyUrl } : {}),
    ...(o.service ? { service: o.service } : {}), ...(output ? { output } : {}),
    ...(o.insecureStorage ? { insecureStorage: true } : {}),
  };
}

function ignoreDamaged(err: unknown): undefined {
  if (err instanceof BmError && / are damaged$/.test(err.message)) return undefined;
  throw err;
}

export async function add(ctx: Context, name: string, o: AddOptions): Promise<void> {
  checkProfileName(name);
  const profile = settingsFromFlags(o);
  // Before anything is asked or signed: settings others can rewrite are refused (exit 5).
  refuseExposedConfig(ctx.env);
  const store = await storeOf(ctx, profile);
  // Reach the keychain before asking for anything: no typing secrets into a dead end.
  // A damaged old entry is no reason to stop: this replaces it.
  if (store.kind === 'keychain') await store.get(name).catch((err: unknown) => ignoreDamaged(err));

  const creds = await askCredentials(ctx);
  if (o.verify === false) {
    ctx.note(`bm: not verified (--no-verify): check later with bm profile test ${name}`);
  } else {
    const { calls, baseUrl } = await clientFor(ctx, venueOf(profile), creds);
    const ms = await prove(calls, baseUrl, name);
    ctx.note(`bm: verified: ${await baseUrl()} accepted a signed request (${ms} ms)`);
  }

  const { changeSettings } = await import('../../profiles/change.js');
  const { current, made } = await changeSettings(ctx.env, async (s, after) => {
    // The profile as it is now, not as it was when this command started.
    const previous = s.profiles[name];
    await store.set(name, creds);
    s.profiles[name] = { ...profile, hasCredentials: true };
    const made = s.currentProfile === undefined;
    s.currentProfile ??= name;
    if (previous?.hasCredentials && Boolean(previous.insecureStorage) !== Boolean(profile.insecureStorage)) {
      // Moved between keychain and file: leave no copy behind in the old place.
      after(async () => {
        await (await storeOf(ctx, previous)).delete(name).catch((err: Error) => ctx.note(`bm: warning: could not delete the old copy: ${err.message}`));
      });
    }
    return { current: s.currentProfile, made };
  });
  const now = made ? '; it is now the current profile' : current === name ? '' : `; use it with: bm profile use ${name}`;
  ctx.note(`bm: profile '${name}' saved (venue ${profile.venue}, credentials in ${store.where})${now}`);
}
