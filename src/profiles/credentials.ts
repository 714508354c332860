/** Where credentials come from: BM_API_KEY/SECRET/MEMO (all three), else the profile's, else the sandbox paper account. */
import type { Credentials } from '../api/client.js';
import type { Context } from '../context.js';
import { usage } from '../errors.js';

export async function loadCredentials(ctx: Context): Promise<Credentials | undefined> {
  const { BM_API_KEY: key, BM_API_SECRET: secret, BM_API_MEMO: memo } = ctx.env;
  if (key !== undefined || secret !== undefined || memo !== undefined) {
    if (!key || !secret || memo === undefined) {
      throw usage('BM_API_KEY, BM_API_SECRET and BM_API_MEMO must be set together');
    }
    return { key, secret, memo };
  }
  return undefined;
}
