/**
 * The client's options and a call's options, checked when they are given: a bad one is a usage error
 * naming it and what it takes, raised before the client makes any request. Secrets are never shown.
 */
import { URL_SCHEMES, urlProblem, WS_FLAG_SCHEMES } from '../config/profile-check.js';
import { usage } from '../errors.js';
import type { CallOptions, ClientOptions } from './types.js';

/** What is wrong with a value of an option, as said after its name (`give ...`); undefined when it is fine. */
type Check = (v: unknown) => string | undefined;

/** setTimeout's longest delay (ms): a longer one fires at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** An address of one of `schemes`, held to the rules of a profile's addresses. */
function address(schemes: readonly string[]): Check {
  return (v) => (typeof v === 'string' ? urlProblem(v, schemes) : `give an address starting ${schemes.map((s) => `${s}//`).join(' or ')}`);
}

const nonEmpty: Check = (v) => (typeof v === 'string' && v.trim() !== '' ? undefined : 'give a non-empty string');

function credentials(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'give an object { key, secret, memo } of strings';
  // Other fields are let be: a sandbox account (its id, its permissions) is given as it is.
  const c = v as Record<string, unknown>;
  // The key travels in a header.
  if (typeof c.key !== 'string' || !/^[\x21-\x7e]+$/.test(c.key)) return 'give a key as a string of printable characters without spaces';
  if (typeof c.secret !== 'string' || c.secret === '') return 'give a secret as a non-empty string';
  return typeof c.memo === 'string' ? undefined : 'give a memo as a string';
}

/** Every option of a client and its check (the type keeps this list equal to {@link ClientOptions}'s names). */
const CHECKS: { readonly [K in keyof Required<ClientOptions>]: Check } = {
  baseUrl: address(URL_SCHEMES.baseUrl),
  // As `--ws-url`: a host serving both (a sandbox) may be named by its http(s) address.
  wsUrl: address(WS_FLAG_SCHEMES),
  legacyUrl: address(URL_SCHEMES.legacyUrl),
  service: nonEmpty,
  credentials,
  profile: nonEmpty,
  sandbox: (v) => (typeof v === 'boolean' ? undefined : 'give true or false'),
  timeoutMs: (v) => (Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= MAX_TIMEOUT_MS ? undefined : `give a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`),
  env: (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => x === undefined || typeof x === 'string')
    ? undefined : 'give an object of strings by name (like process.env)'),
  onNote: (v) => (typeof v === 'function' ? undefined : 'give a function of one line'),
};

/** A value shown in a message: never a secret (credentials are not shown at all), strings quoted. */
function shown(name: string, v: unknown): string {
  if (name === 'credentials') return '';
  if (typeof v === 'string') return ` (got ${JSON.stringify(v)})`;
  if (typeof v === 'bigint') return ` (got ${v}n)`;
  return ` (got ${v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v === 'function' ? 'a function' : String(v)})`;
}

/** The options of `new Client(options)`, checked: each known and of its kind, and an address not given with a profile or the sandbox. */
export function clientOptions(given: unknown): ClientOptions {
  if (given === undefined) return {};
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    throw usage(`Client options: give an object, e.g. { baseUrl, credentials }${shown('', given)}`);
  }
  const o = given as Record<string, unknown>;
  for (const [name, v] of Object.entries(o)) {
    const check = Object.hasOwn(CHECKS, name) ? (CHECKS as Readonly<Record<string, Check>>)[name] : undefined;
    if (!check) throw usage(`${name}: not an option of Client (allowed: ${Object.keys(CHECKS).join(', ')})`);
    const problem = v === undefined ? undefined : check(v);
    if (problem) throw usage(`${name}: ${problem}${shown(name, v)}`);
  }
  if (o.baseUrl !== undefined && (o.profile !== undefined || o.sandbox)) throw usage('baseUrl: give an address, a profile or sandbox, not several');
  return o as ClientOptions;
}

/** A call's options (`{ dryRun: true }`): a misspelt one would send a write meant as a dry run, so it is refused. */
export function callOptions(given: unknown, more: readonly string[] = []): CallOptions {
  if (given === undefined) return {};
  if (given === null || typeof given !== 'object' || Array.isArray(given)) throw usage(`call options: give an object, e.g. { dryRun: true }${shown('', given)}`);
  for (const [name, v] of Object.entries(given)) {
    if (name !== 'dryRun' && !more.includes(name)) throw usage(`${name}: not an option of this call (allowed: ${['dryRun', ...more].join(', ')})`);
    if (name === 'dryRun' && v !== undefined && typeof v !== 'boolean') throw usage(`dryRun: give true or false${shown(name, v)}`);
  }
  return given as CallOptions;
}
