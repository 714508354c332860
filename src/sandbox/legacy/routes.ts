/** The sandbox's first-generation routes (to come). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExchangeApi } from '../api.js';

/** Handles a legacy request (`/v2/...`); false when the path is not a legacy one. */
export async function legacyRoute(_req: IncomingMessage, _res: ServerResponse, _body: string, _exchange: ExchangeApi): Promise<boolean> {
  return false;
}
