/**
 * Sending one leg of a conditional order: the deviation guard at firing time, then careful writes with
 * the leg's own client order id, each outcome proven by the answer or a lookup. A busy venue (418, 429,
 * no connection, no answer, a 5xx, an outcome left unknown) never ends the leg: it is looked up and sent
 * again with the same id (which the venue refuses twice) until it is proven placed, the venue refuses it
 * for good, or the signal stops the waiting. A duplicate client order id (50042) is looked up, never sent again.
 * What a firing takes is ./fire-types.ts; the lookups by client order id are ./leg-lookup.ts.
 */
import { MAX_RATE_WAIT_MS } from '../../api/venue-block.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import { BmError, type Category } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import { systemClock } from '../../util/clock.js';
import { checkDeviation, isPrice } from '../order/market-context.js';
import type { WriteChannel } from '../write/channel.js';
import { carefulWrite } from '../write/pipeline.js';
import type { FireDeps, FireProgress } from './fire-types.js';
import { findLeg, placed, refusal } from './leg-lookup.js';
import type { LegState } from './machine.js';
import type { AlgoSpec, Leg } from './model/spec.js';

/** The venue's code for a client order id already used (spec 8.2). */
const DUPLICATE_ID = '50042';

/**
 * What ends a leg `failed`: the venue's refusal of the order itself (balance, the pair's rules), a check
 * of ours (the deviation guard), and auth: a key the venue refuses (wrong signature, revoked, expired,
 * no trade permission, another IP) is not a busy venue, no wait cures it, and sending again and again
 * with it risks the key or the address being blocked; the user must act, so it is said loudly at once.
 * An internal error is a bug, not waited out either. Everything else is the venue being busy.
 */
const FINAL: ReadonlySet<Category> = new Set(['venue', 'usage', 'auth', 'internal']);

/** Waits between two attempts at a leg, ms: doubling from 1 s up to {@link RESEND_CEILING_MS}. */
export const RESEND_WAITS_MS = [1000, 2000, 4000, 8000, 16_000];

/** The longest wait between two attempts, unless the venue asks for longer (Retry-After, a 418 block), ms. */
export const RESEND_CEILING_MS = 30_000;

/** One attempt: settled (placed, refused for good), or the venue busy, and whether the attempt may have reached it. */
type Attempt = { readonly settled: LegState } | { readonly busy: BmError; readonly reached: boolean };

/** How long to wait after `err`, the `tries`-th busy answer (0 first), and why, ms. */
function waitAfter(err: BmError, tries: number): { ms: number; why: string } {
  const backoff = Math.min(RESEND_WAITS_MS[tries] ?? RESEND_CEILING_MS, RESEND_CEILING_MS);
  const asked = err.details.retryAfterMs;
  if (asked !== undefined && asked > backoff) return { ms: Math.ceil(asked), why: ' (the venue asked for it: Retry-After)' };
  // Blocked (418) without a time: the client sends nothing to that venue for a minute (src/api/base.ts).
  if (asked === undefined && err.details.httpStatus === 418 && MAX_RATE_WAIT_MS > backoff) return { ms: MAX_RATE_WAIT_MS, why: ' (the venue blocked this address and did not say for how long)' };
  return { ms: backoff, why: '' };
}

/** Waits `ms`; false when the signal ended the wait (or had already). */
function pause(deps: FireDeps, ms: number): Promise<boolean> {
  const { signal } = deps;
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((ok) => {
    let cancel = () => undefined as void;
    const onAbort = () => (cancel(), ok(false));
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => (signal?.removeEventListener('abort', onAbort), ok(true));
    if (deps.sleep) void deps.sleep(ms).then(done);
    else cancel = (deps.host.clock ?? systemClock).timer(ms, done);
  });
}

const stopped = (unsent: boolean, tries: number): LegState => ({ status: 'sending', ...(unsent ? { unsent: true } : {}), why: tries ? 'stopped before it could be sent again' : 'stopped before it was sent' });

/** The pair's last price as the venue's ticker says it; undefined when it cannot be read or says none. */
async function venueLast(ch: WriteChannel<Endpoint>, symbol: string): Promise<string | undefined> {
  try {
    const data = (await ch.send(ch.entry('spot.ticker'), [['symbol', symbol]])) as { tickers?: Array<Record<string, unknown>> };
    const last = scalarText((data.tickers ?? []).find((t) => scalarText(t.symbol) === symbol)?.last_price ?? '');
    return isPrice(last) ? last : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a leg (`last`: the last trade price, for the deviation guard) and says what was proven: placed,
 * failed (refused for good, or the guard), or still `sending` when the signal stopped it between two
 * attempts. `unsent`: no earlier attempt (of a process before this one) can have reached the venue.
 */
export async function fireLeg(deps: FireDeps, spec: AlgoSpec, leg: Leg, last: string | undefined, progress?: FireProgress, unsent = true): Promise<LegState> {
  if (leg.price !== undefined && spec.maxDeviation !== undefined) {
    // No trade seen yet (a leg due at once, a bracket's entry): the venue's last price, as a plain order is guarded.
    const ref = last ?? (await venueLast(deps.channel, spec.symbol));
    if (ref === undefined) return { status: 'failed', category: 'usage', why: 'no last price to check the limit price against (the deviation guard): not sent' };
    try {
      checkDeviation({ side: leg.side ?? spec.side, type: 'limit', price: leg.price }, ref, spec.maxDeviation);
    } catch (err) {
      return { status: 'failed', category: 'usage', why: `not sent: ${(err as Error).message}` };
    }
  }
  deps.at?.('before-send', leg.name);
  const say = (line: string, st: LegState) => (progress ? progress.waiting(line, st) : deps.host.note(`bm: ${deps.command}: ${leg.name}: ${line}`));
  for (let tries = 0; ; tries++) {
    if (deps.signal?.aborted) return stopped(unsent, tries);
    if (tries > 0) progress?.resending(`sending it again with the same client order id ${leg.clientOrderId} (attempt ${tries + 1})`);
    const a = await attempt(deps, spec, leg);
    if ('settled' in a) {
      deps.at?.('after-answer', leg.name);
      return a.settled;
    }
    unsent &&= !a.reached;
    const { ms, why } = waitAfter(a.busy, tries);
    const reach = unsent ? 'nothing reached the venue' : 'it may have reached the venue';
    say(`${refusal(a.busy)}; ${reach}: looking it up, then sending it again, in ${ms / 1000} s${why}`, { status: 'sending', ...(unsent ? { unsent: true } : {}), why: `waiting for a busy venue: ${refusal(a.busy)}` });
    if (!(await pause(deps, ms))) return stopped(unsent, tries + 1);
    let found: LegState | undefined;
    try {
      found = await findLeg(deps.channel, spec, leg, deps.host.clock);
    } catch (err) {
      if (!(err instanceof BmError)) throw err;
      // Sending is still safe: the venue refuses a client order id twice, and a refusal as a duplicate is looked up.
      deps.host.note(`bm: ${deps.command}: ${leg.name}: the lookup by client order id ${leg.clientOrderId} failed (${refusal(err)})`);
    }
    if (found) {
      deps.at?.('after-answer', leg.name);
      return found;
    }
  }
}

async function attempt(deps: FireDeps, spec: AlgoSpec, leg: Leg): Promise<Attempt> {
  const ep = deps.channel.entry('spot.order.submit');
  try {
    const r = await carefulWrite(deps.host, deps.channel, { ep, params: leg.params, command: deps.command, what: `Place ${leg.what}`, confirmed: true });
    if (!r) return { settled: { status: 'cancelled', why: 'dry run' } };
    return { settled: placed(r.data as Record<string, unknown>) };
  } catch (err) {
    if (!(err instanceof BmError)) throw err;
    if (err.details.code === DUPLICATE_ID) {
      // The venue holds an order with this id: an earlier attempt reached it. Found, it is ours; else the lookup is tried again.
      const found = await findLeg(deps.channel, spec, leg, deps.host.clock).catch(() => undefined);
      return found ? { settled: found } : { busy: err, reached: true };
    }
    if (FINAL.has(err.category)) return { settled: { status: 'failed', category: err.category, why: refusal(err) } };
    // Out of the pipeline, only `unknown` may have reached the venue: a request that got no answer, or a 5xx, was
    // looked up there; a 418 or 429 is the venue's refusal; a network error is a connection never made.
    return { busy: err, reached: err.category === 'unknown' };
  }
}
