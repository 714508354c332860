/**
 * How a batch run ends: the summary line on stderr, and the error that sets the exit code. Unknown
 * outcomes come first (11: look them up before anything else), then a stop for the venue's rate
 * (8 when nothing is known placed or refused, else 9), then 6 when every order was refused, 9 when some were.
 */
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import type { Outcome } from '../../core/usecases/batch.js';

export interface BatchRun {
  readonly outcomes: readonly Outcome[];
  /** Orders in the file. */
  readonly total: number;
  readonly journal: string;
  /** The command that resumes the batch. */
  readonly resume: string;
  readonly symbol: string;
  /** Stopped by Ctrl-C. */
  readonly interrupted: boolean;
  /** The venue's refusal for its rate that stopped the batch. */
  readonly stoppedBy?: BmError;
}

/** What the venue said of its refusal for the rate, and when sending may start again if it said. */
function rateStop(err: BmError): { what: string; until?: string } {
  const blocked = err.details.httpStatus === 418 || err.details.code === '30017';
  const what = blocked ? 'the venue blocked this address for too many requests (HTTP 418)' : `the venue refused a request for its rate (HTTP ${err.details.httpStatus ?? 429})`;
  const ms = err.details.retryAfterMs;
  return ms === undefined ? { what } : { what, until: new Date(Date.now() + ms).toISOString() };
}

/** Prints the summary and throws the error of any run that did not place every order. */
export function batchEnd(ctx: Context, r: BatchRun): void {
  const count = (x: Outcome['result']) => r.outcomes.filter((o) => o.result === x).length;
  const [placed, rejected, unknown] = [count('placed'), count('failed'), count('unknown')];
  const notSent = r.total - r.outcomes.length;
  ctx.note(`bm: ${placed} placed, ${rejected} rejected, ${unknown} unknown${notSent ? `, ${notSent} not sent` : ''} of ${r.total} (journal ${r.journal})`);
  const check = `check with: bm order list ${r.symbol} --status open; or settle and finish them with: ${r.resume}`;
  if (r.interrupted) throw new BmError('interrupted', `interrupted: ${notSent} of ${r.total} orders not sent`, { hint: `send the rest with: ${r.resume}` });
  if (r.stoppedBy) {
    const stop = rateStop(r.stoppedBy);
    const later = stop.until ? `the venue allows requests again from ${stop.until}; then send the rest with: ${r.resume}` : `the venue did not say for how long; send the rest later with: ${r.resume}`;
    const said = `${stop.what}: the batch stopped, ${notSent} of ${r.total} orders not sent`;
    if (unknown) throw new BmError('unknown', `${said}; ${unknown} have an unknown outcome`, { hint: `${check} (${later})` });
    if (!placed && !rejected) throw new BmError('network', `${said}; none is known sent`, { hint: later });
    throw new BmError('partial', `${said}; ${placed} placed, ${rejected} rejected`, { hint: later });
  }
  if (unknown) throw new BmError('unknown', `${unknown} of ${r.total} orders have an unknown outcome`, { hint: check });
  if (rejected && rejected === r.outcomes.length) throw new BmError('venue', `all ${rejected} orders were rejected`);
  if (rejected) throw new BmError('partial', `${rejected} of ${r.total} orders were rejected; the others were placed`);
}
