/**
 * PAPER or LIVE: the banner must never call real money fake. Paper is the built-in sandbox, or a venue
 * on this machine that answers the sandbox's own admin route as only the sandbox does; anything else is LIVE.
 */
import { send } from '../../api/transport.js';
import type { Venue } from '../../config/venue.js';
import type { Env } from '../../util/paths.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
/** The sandbox answers a GET on its POST-only admin route with this code (wrong method); venues answer 30000 or 404. */
const SANDBOX_ADMIN = '/sandbox/v1/accounts';
const WRONG_METHOD = '57001';

export async function isPaperVenue(venue: Venue, env: Env, timeoutMs: number): Promise<boolean> {
  if (venue.preset === 'sandbox') return true;
  let host: string;
  try {
    host = new URL(venue.baseUrl).hostname;
  } catch {
    return false;
  }
  if (!LOOPBACK_HOSTS.has(host)) return false;
  try {
    const res = await send({ method: 'GET', url: `${venue.baseUrl}${SANDBOX_ADMIN}`, headers: { accept: 'application/json' }, timeoutMs: Math.min(timeoutMs, 3000) }, env);
    return new RegExp(`"code"\\s*:\\s*"?${WRONG_METHOD}\\b`).test(res.text);
  } catch {
    return false;
  }
}
