/** Venues: where the interface is served. Presets, and the resolution flag > env > profile > default. */
import type { Env } from '../util/paths.js';
import type { ProfileSettings, VenuePreset } from './settings.js';
import { usage } from '../errors.js';
import { URL_SCHEMES, urlProblem, WS_FLAG_SCHEMES } from './profile-check.js';

export interface Venue {
  readonly preset: VenuePreset;
  /** Current-generation REST address, without a trailing slash. Empty for the sandbox until it is found. */
  readonly baseUrl: string;
  /** WebSocket address; `/api` and `/user` are appended. */
  readonly wsUrl: string;
  /** First-generation REST address. */
  readonly legacyUrl: string;
  /** Service name of the WebSocket login constant `<service>.WebSocket`. */
  readonly service: string;
}

export const BITMART: Venue = {
  preset: 'bitmart',
  baseUrl: 'https://api-cloud.bitmart.com',
  wsUrl: 'wss://ws-manager-compress.bitmart.com',
  legacyUrl: 'https://openapi.bitmart.com',
  service: 'bitmart',
};

/** Venue options given on the command line. */
export interface VenueFlags {
  sandbox?: boolean;
  baseUrl?: string;
  wsUrl?: string;
  legacyUrl?: string;
  service?: string;
}

function trim(url: string | undefined): string | undefined {
  return url ? url.replace(/\/+$/, '') : undefined;
}

function checkUrl(name: string, url: string | undefined, schemes: readonly string[]): string | undefined {
  if (url === undefined) return undefined;
  const problem = urlProblem(url, schemes);
  if (problem) throw usage(`${name}: ${JSON.stringify(url)} ${problem}`, 'give an address like http://127.0.0.1:8080');
  return url;
}

/** The sandbox's address when it listens at `base` (http): the WebSocket and legacy generations share it. */
export function sandboxVenue(base: string): Venue {
  const b = trim(base) ?? '';
  return { preset: 'sandbox', baseUrl: b, wsUrl: b.replace(/^http/, 'ws'), legacyUrl: b, service: 'exchange' };
}

/**
 * Resolves the venue. `--sandbox` beats everything; then explicit URLs (flag, then env), then the
 * profile, then the sandbox. Returns `preset: 'sandbox'` with an empty baseUrl when the built-in
 * sandbox must be found (or started).
 */
export function resolveVenue(flags: VenueFlags, env: Env, profile: ProfileSettings | undefined): Venue {
  // An error names where the address came from: the option, else its variable.
  const base = checkUrl(flags.baseUrl !== undefined ? '--base-url' : 'BM_BASE_URL', trim(flags.baseUrl ?? env.BM_BASE_URL), URL_SCHEMES.baseUrl);
  const ws = checkUrl(flags.wsUrl !== undefined ? '--ws-url' : 'BM_WS_URL', trim(flags.wsUrl ?? env.BM_WS_URL), WS_FLAG_SCHEMES);
  const legacy = checkUrl(flags.legacyUrl !== undefined ? '--legacy-url' : 'BM_LEGACY_URL', trim(flags.legacyUrl ?? env.BM_LEGACY_URL), URL_SCHEMES.legacyUrl);
  const service = flags.service ?? env.BM_SERVICE;
  if (flags.sandbox) return sandboxVenue('');

  let v: Venue;
  if (profile?.venue === 'bitmart') v = BITMART;
  else if (profile?.venue === 'custom' && profile.baseUrl) {
    v = {
      preset: 'custom', baseUrl: profile.baseUrl, wsUrl: profile.wsUrl ?? profile.baseUrl.replace(/^http/, 'ws'),
      legacyUrl: profile.legacyUrl ?? profile.baseUrl, service: profile.service ?? 'exchange',
    };
  } else v = sandboxVenue('');

  if (base) {
    // An explicit address makes a custom venue; the other addresses follow it unless given.
    const fromSandbox = v.preset === 'sandbox';
    v = {
      preset: 'custom', baseUrl: base,
      wsUrl: ws ?? (fromSandbox ? base.replace(/^http/, 'ws') : v.wsUrl),
      legacyUrl: legacy ?? (fromSandbox ? base : v.legacyUrl),
      service: service ?? (fromSandbox ? 'exchange' : v.service),
    };
    return v;
  }
  return { ...v, wsUrl: ws ?? v.wsUrl, legacyUrl: legacy ?? v.legacyUrl, service: service ?? profile?.service ?? v.service };
}
