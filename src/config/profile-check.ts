/**
 * What a profile may hold, checked when it is written (`profile add`: a usage error) and when it is
 * read (a config error naming the file): a profile the venue cannot be reached with never sends its
 * key anywhere else.
 */

/** The venues a profile may name. */
export const VENUES = ['sandbox', 'bitmart', 'custom'] as const;

/** The URL schemes each stored address setting takes. */
export const URL_SCHEMES = { baseUrl: ['http:', 'https:'], wsUrl: ['ws:', 'wss:'], legacyUrl: ['http:', 'https:'] } as const;

/** `--ws-url` for one command also takes the http(s) address of a host that serves both (as a sandbox does). */
export const WS_FLAG_SCHEMES: readonly string[] = [...URL_SCHEMES.wsUrl, 'http:', 'https:'];

/** The problem with an address, or undefined when it is a usable URL of one of `schemes`. */
export function urlProblem(value: string, schemes: readonly string[]): string | undefined {
  if (value === '') return 'is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return 'contains a space, a newline or a control character';
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (!schemes.includes(u.protocol)) return `must start with ${schemes.map((s) => `${s}//`).join(' or ')}`;
  if (!u.hostname) return 'has no host';
  return undefined;
}

/** Every problem of one stored profile (empty when it is usable). */
export function profileProblems(p: unknown): string[] {
  if (!p || typeof p !== 'object' || Array.isArray(p)) return ['is not an object'];
  const r = p as Record<string, unknown>;
  const out: string[] = [];
  if (!(VENUES as readonly unknown[]).includes(r.venue)) out.push(`venue ${JSON.stringify(r.venue)} is not one of ${VENUES.join(', ')}`);
  for (const [key, schemes] of Object.entries(URL_SCHEMES)) {
    const v = r[key];
    if (v === undefined) continue;
    const problem = typeof v === 'string' ? urlProblem(v, schemes) : 'is not text';
    if (problem) out.push(`${key} ${problem}`);
  }
  if (r.venue === 'custom' && r.baseUrl === undefined) out.push('venue custom has no baseUrl');
  return out;
}
