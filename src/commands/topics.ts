/**
 * The reference topics: `bm help environment|exit-codes|output|errors`. The tables are also written into
 * docs/scripting.md by `npm run readme` (a test fails when that copy is stale).
 */
import { codes } from '../api/codes.js';
import { EXIT } from '../errors.js';
import type { Row } from '../render/cells.js';

export { TOPICS, type Topic } from './topic-names.js';

export const ENVIRONMENT: readonly Row[] = [
  { name: 'BM_PROFILE', meaning: 'profile to use (like --profile)' },
  { name: 'BM_BASE_URL', meaning: 'REST address, current generation (like --base-url)' },
  { name: 'BM_WS_URL', meaning: 'WebSocket address (like --ws-url)' },
  { name: 'BM_LEGACY_URL', meaning: 'first-generation REST address (like --legacy-url)' },
  { name: 'BM_SERVICE', meaning: 'service name of the WebSocket login constant (like --service)' },
  { name: 'BM_OUTPUT', meaning: 'table, json, ndjson, csv or tsv (like --output)' },
  { name: 'BM_TIMEOUT', meaning: 'per-request timeout in ms (like --timeout)' },
  { name: 'BM_COLOR', meaning: 'auto, always or never (like --color)' },
  { name: 'BM_DEBUG', meaning: '1 traces requests on stderr (like --verbose); secrets redacted' },
  { name: 'BM_API_KEY, BM_API_SECRET, BM_API_MEMO', meaning: 'credentials; all three together beat any profile' },
  { name: 'BM_CONFIG_DIR', meaning: 'settings folder (else $XDG_CONFIG_HOME/bm, else ~/.config/bm)' },
  { name: 'BM_STATE_DIR', meaning: 'state folder: sandbox, tokens (else $XDG_STATE_HOME/bm, else ~/.local/state/bm)' },
  { name: 'BM_SANDBOX_STRICT', meaning: "1: the background sandbox bm starts holds clients to the spec's letter (like sandbox serve --strict)" },
  { name: 'BM_KEYCHAIN_TIMEOUT', meaning: 'deadline of one OS keychain call in ms (default 3000; 60000 where an unlock dialog may show)' },
  { name: 'XDG_CACHE_HOME', meaning: 'cache of pair rules and names for completion (bm under it, else ~/.cache/bm)' },
  { name: 'NO_COLOR, FORCE_COLOR', meaning: 'colour off or on (--color beats both)' },
  { name: 'HTTPS_PROXY, HTTP_PROXY, NO_PROXY', meaning: 'proxies for REST requests' },
];

const EXIT_MEANING: Record<keyof typeof EXIT, string> = {
  ok: 'success (an empty result included)',
  internal: 'internal error; also a usage error found after a write was sent (then never 2): the message names what the write proved',
  usage: 'usage or local validation error: nothing was sent',
  declined: 'a confirmation was declined',
  auth: 'authentication or permission (30001-30012, HTTP 401/403)',
  config: 'configuration: no such profile, keychain unavailable, bad config',
  venue: 'the venue rejected the request (business error code), or refused to let it stand: a limit_maker or ioc order placed, then cancelled by the venue at once; an order read by its id that answers another order is no such order',
  ratelimit: 'rate limited after the allowed retries (429, 30013)',
  network: 'network, timeout or 5xx with nothing known to have been sent (or a read): safe to retry',
  partial: 'partial success in a batch',
  waited: 'a --wait ran out before the order reached the state waited for (the order is left as it is)',
  unknown: 'a write was sent and its outcome is unknown (timeout, reset, unreadable answer, 5xx after sending): look it up before retrying; the error says how',
  interrupted: 'interrupted (Ctrl-C anywhere, a confirmation prompt included; bm record alone ends its file and exits 0)',
  hangup: 'the terminal hung up (SIGHUP) while a full-screen view ran (its loading screen included): the screen, cursor and keyboard mode were restored first',
  terminated: 'ended by SIGTERM while a full-screen view ran (its loading screen included): the screen, cursor and keyboard mode were restored first',
};

export const EXIT_CODES: readonly Row[] = Object.entries(EXIT).map(([category, code]) => ({ code, category, meaning: EXIT_MEANING[category as keyof typeof EXIT] }));

export const ERRORS: readonly Row[] = [...codes().entries()]
  .filter(([code]) => code !== 1000)
  .map(([code, info]) => ({ code, http: info.http || '', category: info.category, exit_code: EXIT[info.category], message: info.message, hint: info.hint ?? '' }));

export const OUTPUT_TEXT = `Output formats (-o, --output; BM_OUTPUT):
  table   aligned columns on a terminal (the default there): decimals aligned on the point,
          changes signed and coloured, times shown as ISO-8601 UTC
  tsv     tab-separated rows without a header (the default when piped): values exactly as sent
  csv     a header line, then rows; values exactly as sent, quoted where needed
  json    the payload's data as the venue sent it: decimal strings untouched, keys as sent,
          every id and any integer beyond 2^53 as a JSON string (--json is -o json)
  ndjson  one JSON object per row (or per stream event) per line, ids as in json

--raw-ids prints ids in json and ndjson exactly as sent (bare numbers where the venue sent
numbers): only for a reader that keeps 64-bit integers exact.

--fields a,b,c picks and orders the columns in every format (json then prints rows). A write's
names are checked before anything is sent, against the columns its --help lists; bm api with any
method but GET refuses --fields where the catalogue lists no columns for the route.
A bad -o, BM_OUTPUT, --timeout, BM_TIMEOUT, --color, BM_COLOR, BM_KEYCHAIN_TIMEOUT or BM_SANDBOX_STRICT is exit 2
naming the option or variable it came from, before any request.
stdout carries data only; progress, hints and errors go to stderr. With -o json or ndjson an
error is also written to stderr as one JSON object:
  {"error":{"category","code","http_status","message","trace","hint","retryable","exit_code"}}
`;
