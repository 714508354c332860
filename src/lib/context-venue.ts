/** A command's context as a client's venue: the CLI's profile, venue and credentials resolution, behind the interface a client reads. */
import type { Context } from '../context.js';
import type { LibVenue } from './venue.js';

/** The venue of `ctx` (its sandbox found, or for the CLI started and restarted, as the context does). */
export function contextVenue(ctx: Context): LibVenue {
  return {
    baseUrl: () => ctx.baseUrl(),
    ws: async () => {
      const v = await ctx.resolvedVenue();
      return { url: v.wsUrl, service: v.service };
    },
    // An explicit legacy address wins without finding (or starting) the built-in sandbox.
    legacyUrl: async () => (ctx.venue.legacyUrl || (await ctx.resolvedVenue()).legacyUrl).replace(/\/+$/, ''),
    credentials: () => ctx.credentials(),
    renewKey: () => ctx.renewStaleKey(),
    refused: () => ctx.refused(),
  };
}
