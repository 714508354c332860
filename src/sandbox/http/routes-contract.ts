/**
 * The one contract endpoint the sandbox serves: `/contract/public/details` (spec 4.8 names it, NONE,
 * 12 per 2 s). The sandbox lists no contract, so it answers an empty list, `{"symbols": []}`, the
 * field the venue's contract details carried: clients that load every market (ccxt's loadMarkets)
 * fetch it before any spot call and stop when it fails.
 */
import type { Handler } from './call.js';

export const CONTRACT_ROUTES: Record<string, Handler> = {
  'named.contract.public.details': () => ({ symbols: [] }),
};
