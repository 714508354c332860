/** The legacy client of an invocation: the venue's legacy address, its credentials, the token file. */
import type { Context } from '../../context.js';
import { sharedGate } from '../../api/file-gate.js';
import { LegacyClient } from '../../legacy/client.js';
import { FileTokenStore, tokenFile } from '../../legacy/tokens.js';

const clients = new WeakMap<Context, LegacyClient>();

export function legacyApi(ctx: Context): LegacyClient {
  let c = clients.get(ctx);
  if (!c) {
    c = new LegacyClient({
      env: ctx.env,
      // An explicit legacy address wins without finding (or starting) the built-in sandbox.
      baseUrl: async () => (ctx.venue.legacyUrl || (await ctx.resolvedVenue()).legacyUrl).replace(/\/+$/, ''),
      credentials: () => ctx.credentials(),
      store: new FileTokenStore(tokenFile(ctx.env)),
      timeoutMs: ctx.timeoutMs,
      gate: sharedGate(ctx.env, ctx.timeoutMs, (line) => ctx.trace(line)),
      note: (line: string) => ctx.note(line),
      ...(ctx.verbose ? { trace: (line: string) => ctx.trace(line) } : {}),
    });
    clients.set(ctx, c);
  }
  return c;
}
