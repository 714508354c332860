/**
 * Error families (spec 7.3 and 7.5): the funding and sub-account paths (`/account/...`) answer with
 * the 600xx codes where the spot family has its 500xx ones, and the later market data
 * (`/spot/quotation/v3/...`) with its 700xx ones (HTTP 200). Handlers fail with spot codes; the
 * dispatcher translates once here, so no route carries two vocabularies.
 */
import { ExchangeError } from '../exchange-api.js';
import { fail } from '../errors.js';

/** True for paths whose errors are of the funding family. */
export function isFundingPath(path: string): boolean {
  return path.startsWith('/account/');
}

/** Spot code -> funding code; any other request problem of the 500xx range is 60000 invalid request. */
const FUNDING: ReadonlyMap<number, number> = new Map([
  [57001, 60030],
  [58001, 60031],
  [59001, 60050],
  [59002, 60051],
  [50020, 60008],
]);

/** True for the later market data's paths. */
export function isQuotationPath(path: string): boolean {
  return path.startsWith('/spot/quotation/');
}

/** A parameter problem of the later market data: an unknown pair is 70002, any other 70001 (its message kept). */
function quotation(err: ExchangeError): ExchangeError {
  if (err.code === 50001) return fail(70002);
  return new ExchangeError(70001, `${fail(70001).message}: ${err.message}`);
}

/** The error as the family of `path` gives it. */
export function inFamily(path: string, err: ExchangeError): ExchangeError {
  if (err.code < 50000 || err.code >= 60000) return err;
  if (isQuotationPath(path) && err.code !== 57001 && err.code !== 58001) return quotation(err);
  if (!isFundingPath(path)) return err;
  const code = FUNDING.get(err.code) ?? 60000;
  const e = fail(code);
  return code === 60000 ? new ExchangeError(code, `${e.message}: ${err.message}`) : e;
}
