/**
 * The error of a write whose outcome is unknown (category `unknown`, exit 11): what was tried, what the
 * lookup found (never called "placed" or "cancelled" without proof), and the command that checks.
 */
import type { WriteLookup } from '../../api/catalogue/types.js';
import { LEGACY_ORDER_STATUSES, ORDER_STATUSES } from '../../api/catalogue/vocab.js';
import { statusSaid } from '../../api/catalogue/statuses.js';
import { BmError } from '../../errors.js';
import type { Row } from '../../util/row.js';
import type { WriteEntry } from './channel.js';
import type { LookupResult } from './lookup.js';
import { fieldText } from './proof.js';

function idOf(row: Row, lookup?: WriteLookup): string {
  return (lookup?.id && fieldText(row, lookup.id)) || '?';
}

function matchedOn(lookup: WriteLookup): string {
  return lookup.match.map(([f]) => (typeof f === 'string' ? f : f[0])).join(', ');
}

/** What the lookup found, in words that claim nothing it did not prove. */
function foundText(found: LookupResult | undefined, lookup?: WriteLookup): string {
  if (!found) return 'there is no read to look it up with';
  const f = found.finding;
  switch (f.kind) {
    case 'absent':
      return 'the lookup found no such order (yet)';
    case 'foreign':
      return `the lookup answered with another order (${f.field} '${f.got}', not '${f.want}'): not proof of ours`;
    case 'pending': {
      const status = fieldText(f.row, 'status');
      const statuses = lookup?.endpoint.startsWith('legacy.') ? LEGACY_ORDER_STATUSES : ORDER_STATUSES;
      return `the order still shows ${status !== undefined ? `status ${statusSaid(statuses, status)}` : 'a state that proves nothing'} after the lookup`;
    }
    case 'left':
      return `${f.rows.length} matching order${f.rows.length === 1 ? ' is' : 's are'} still open after the lookup`;
    case 'guess': {
      const on = lookup ? matchedOn(lookup) : 'its fields';
      if (f.rows.length === 1) return `one order (${idOf(f.rows[0]!, lookup)}) matches on ${on} and was created while the request was out: likely ours, not proven (no client order id to match)`;
      if (f.rows.length > 1) return `${f.rows.length} orders (${f.rows.map((r) => idOf(r, lookup)).join(', ')}) match on ${on} in that time: cannot tell which, if any, is ours`;
      return `no order matches on ${on} in that time: likely not placed, not proven`;
    }
    case 'failed':
      return `the lookup failed too (${f.error.message})`;
    case 'proven':
      return 'the lookup proved it';
    default: {
      const never: never = f;
      return String(never);
    }
  }
}

/** The exit-11 error of a write whose outcome is unknown, with the command to check. */
export function unknownOutcome(command: string, cause: BmError, found: LookupResult | undefined, ep: WriteEntry, lookup?: WriteLookup): BmError {
  const check = found?.check;
  const hint = check
    ? `check with: ${check} (do not send it again before you know)`
    : `bm has no read for ${ep.method} ${ep.path}: check at the venue before sending it again`;
  return new BmError('unknown', `${command}: outcome unknown: ${cause.message}; ${foundText(found, lookup)}`, {
    ...(cause.details.httpStatus !== undefined ? { httpStatus: cause.details.httpStatus } : {}),
    ...(cause.details.trace !== undefined ? { trace: cause.details.trace } : {}),
    hint,
    retryable: false,
  });
}
