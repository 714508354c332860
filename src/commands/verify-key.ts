/**
 * The proof that credentials work: one signed GET /spot/v1/test-get, and failures explained in the
 * words a user can act on (30005 is nearly always the memo).
 */
import { endpoint } from '../api/catalogue/index.js';
import type { Credentials } from '../api/client.js';
import type { Sender } from '../core/usecases/api.js';
import type { Venue } from '../config/venue.js';
import type { Context } from '../context.js';
import { BmError } from '../errors.js';

/** A client for `venue` signing with `creds` (not the context's own); the built-in sandbox is found or started. */
export async function clientFor(ctx: Context, venue: Venue, creds: Credentials): Promise<{ calls: Sender; baseUrl: () => Promise<string> }> {
  let url: string | undefined = venue.baseUrl || undefined;
  const baseUrl = async (): Promise<string> => {
    if (!url) url = await (await import('../config/background-sandbox.js')).ensureSandbox(ctx);
    return url;
  };
  const { CurrentCalls } = await import('../core/usecases/calls.js');
  const wiring = ctx.wiring();
  return { calls: new CurrentCalls({ ...wiring, venue: { ...wiring.venue, baseUrl, credentials: async () => creds, renewKey: async () => false, refused: async () => undefined } }), baseUrl };
}

/** Sends the signed proof; resolves with its round-trip time in ms, or throws an explained {@link BmError}. */
export async function prove(calls: Sender, baseUrl: () => Promise<string>, profile: string | undefined): Promise<number> {
  const started = Date.now();
  try {
    await calls.send(endpoint('test.get'), [['symbol', 'BTC_USDT']]);
  } catch (err) {
    throw explain(err, await baseUrl().catch(() => 'the venue'), profile);
  }
  return Date.now() - started;
}

/** Rewords a failed proof; keeps the venue's code, message and trace. */
export function explain(err: unknown, where: string, profile: string | undefined): unknown {
  if (!(err instanceof BmError)) return err;
  const again = `enter them again with: bm profile add ${profile ?? 'NAME'}`;
  const d = err.details;
  const as = (category: BmError['category'], message: string, hint: string | undefined) =>
    new BmError(category, message, { ...d, ...(hint ? { hint } : {}) });
  // The code reads as the venue's refusal only in an answer of its rules (an auth error): a 5xx carrying it proves nothing.
  switch (err.category === 'auth' ? d.code : undefined) {
    case '30005':
      return as('auth', 'signature rejected: usually a wrong memo (the label chosen when the key was created, not the account id) or secret', again);
    case '30002':
      return as('auth', `unknown API key: ${where} does not know it`, `check the key and the venue the profile points at (--venue, --base-url); ${again}`);
    case '30006':
    case '30007':
    case '30008':
      return as('auth', 'clock: the venue says our timestamp is off by more than a minute', d.hint);
    default:
      break;
  }
  if (err.category === 'network') {
    return as('network', `venue unreachable: ${where} (${err.message})`, 'check the address (--base-url) and the network; for the sandbox: bm sandbox status');
  }
  if (err.category === 'auth') return as('auth', `credentials rejected by ${where}`, d.hint ?? again);
  return err;
}
