/**
 * Amend as cancel, then replace: the old order is read, its cancel proven (by the answer, or by looking
 * the order up; never sent twice, since the order's own state is what the next step reads), the order
 * read again for what filled of it, and only then is the rest placed, a careful write with its own
 * client order id. See docs/writes.md, "Amending an order".
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import { statusLife } from '../../api/catalogue/statuses.js';
import type { Params } from '../../api/client.js';
import { BmError } from '../../errors.js';
import { isZero } from '../../util/decimal.js';
import type { Row } from '../../util/row.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';
import { carefulWrite, type PipelineDeps } from '../write/pipeline.js';
import { fieldText, rowOfData } from '../write/proof.js';
import { checkAnswered } from './answered.js';
import { oldOrderOf, planReplace, remainder, type OldOrder } from './amend-plan.js';
import type { CheckedOrder } from './check.js';
import { describe } from './check.js';
import type { PairRules } from './pairs.js';
import { checkStood, withState } from './standing.js';

/** Which order, and what it becomes (checked: see amend-plan.ts's checkChange). */
export interface AmendRequest {
  readonly rules: PairRules;
  readonly orderId?: string;
  readonly clientOrderId?: string;
  readonly price?: string;
  readonly size?: string;
  /** The new order's client order id; default: a new one. */
  readonly newClientOrderId?: string;
  /** Checks the new order against the market (the deviation guard) and gives the confirmation's context lines. */
  readonly guard?: (order: CheckedOrder) => Promise<readonly string[]>;
  /** The face's name of the write, for messages: `order amend`. */
  readonly command: string;
  /** Already confirmed by the face (the trading terminal's own confirmation). */
  readonly confirmed?: boolean;
  /**
   * Told around the replacement, so that a conditional order that follows the old order follows the new
   * one (src/core/algo/moves.ts): before the old order's cancel leaves, and once the amend is over (the
   * new order's id, or none when nothing was placed).
   */
  readonly follow?: {
    before(oldOrderId: string): void;
    /** Which of them fired an exit on the old order meanwhile: what is left would then go unprotected. */
    fired?(oldOrderId: string): FiredExit | undefined;
    after(oldOrderId: string, newOrderId: string | undefined): void;
  };
}

/** An exit of a conditional order (algo `id`, its leg `leg`) that fired on an order being amended. */
export interface FiredExit {
  readonly id: string;
  readonly leg: string;
}

/** What an amend proved. Sizes and prices are the venue's decimals, as text. */
export interface Amended {
  readonly symbol: string;
  readonly old: OldOrder & {
    /** `cancelled`, or why it was not (`not cancelled: already filled`). */
    readonly say: string;
    readonly via: 'answer' | 'lookup';
    /** What filled of the old order, once it was over (base). */
    readonly finalFilled: string;
  };
  /** The new order as placed, or undefined when nothing was placed (`why`). */
  readonly placed?: { readonly orderId: string; readonly clientOrderId: string; readonly size: string; readonly price: string; readonly say: string; readonly via: 'answer' | 'lookup' };
  readonly why?: string;
}

/** The order's row, read by order id or client order id; another order answered is no such order. */
async function readOrder(ch: WriteChannel<Endpoint>, symbol: string, by: { orderId?: string; clientOrderId?: string }): Promise<Row> {
  const params: Params = [['symbol', symbol], ...(by.orderId !== undefined ? [['order_id', by.orderId] as const] : [['clientOrderId', by.clientOrderId!] as const])];
  const row = rowOfData(await ch.send(ch.entry('spot.order.detail'), params));
  checkAnswered('order amend', params, row);
  return row;
}

/** An error of one step with what the other step did: the old order's fate, or that the new one was not sent. */
function saying(err: unknown, before: string, after: string): unknown {
  if (!(err instanceof BmError)) return err;
  return new BmError(err.category, `${before}${err.message}${after}`, err.details);
}

/** The amend's cancel: the catalogue's, not repeated when its answer is lost (looked up at once instead). */
const CANCEL_ONCE: Endpoint = (() => {
  const ep = endpoint('spot.order.cancel');
  return { ...ep, safety: { ...ep.safety!, resend: 0 } };
})();

/**
 * Cancels the new order an amend placed as a conditional order following the old one fired an exit: why it
 * is not left standing, and what filled of it first (then protected by that exit only if its runner saw the
 * order: exit 9 says so). An outcome the cancel cannot prove is unknown (exit 11), as any write's.
 */
async function withdrawn(host: WriteHost, ch: WriteChannel<Endpoint>, o: { symbol: string; orderId: string; command: string; late: FiredExit }, deps: PipelineDeps): Promise<string> {
  const params: Params = [['symbol', o.symbol], ['order_id', o.orderId]];
  const who = `algo ${o.late.id} fired its ${o.late.leg}`;
  await carefulWrite(host, ch, { ep: CANCEL_ONCE, params, command: `${o.command} (cancel of the new order ${o.orderId}: ${who})`, confirmed: true }, deps);
  const filled = fieldText(await readOrder(ch, o.symbol, { orderId: o.orderId }), 'filled_size') ?? '';
  const why = `${who} on it as the new order ${o.orderId} was placed: that order was cancelled`;
  if (filled === '' || isZero(filled)) return `${why}, nothing filled of it`;
  throw new BmError('partial', `${o.command}: ${why} after ${filled} of it filled: that part is protected only if the exit saw it`, { hint: `see what the exit covered with: bm algo show ${o.late.id}; protect the rest with bm order oco` });
}

/**
 * Runs an amend; undefined on a dry run (both requests printed). The confirmation asks once for
 * both writes. Errors: usage (nothing sent), venue (the order is over: nothing sent), unknown (exit
 * 11: the cancel's outcome, or the new order's, is not proven; the hint names the command that checks).
 */
export async function amendOrder(host: WriteHost, ch: WriteChannel<Endpoint>, req: AmendRequest, deps: PipelineDeps = {}): Promise<Amended | undefined> {
  const { rules, command } = req;
  const symbol = rules.symbol;
  const old = oldOrderOf(await readOrder(ch, symbol, req));
  const planned = planReplace(old, req, rules, req.newClientOrderId);
  const context = req.guard ? await req.guard(planned) : [];
  const what = `Amend order ${old.orderId} on ${symbol}: cancel it (${old.type} ${old.side.toUpperCase()} ${old.size} at ${old.price}, ${old.filled} filled), then place ${describe(planned, rules)} less what the old one has filled by then, client order id ${planned.clientOrderId}`;
  if (!req.confirmed) await host.confirm(what, command, context);
  // An order that a conditional order follows: it waits for the new one rather than end with the old one.
  const follow = host.dryRun ? undefined : req.follow;
  follow?.before(old.orderId);
  let newId: string | undefined;
  try {
    const cancelParams: Params = [['symbol', symbol], ['order_id', old.orderId]];
    const cancelled = await carefulWrite(host, ch, { ep: CANCEL_ONCE, params: cancelParams, command: `${command} (cancel of order ${old.orderId})`, confirmed: true }, deps)
      .catch((err: unknown) => { throw saying(err, '', '; the new order was not sent'); });
    if (!cancelled) {
      await carefulWrite(host, ch, { ep: ch.entry('spot.order.submit'), params: planned.params, command, confirmed: true }, deps);
      return undefined;
    }
    const check = `bm order get ${symbol} --order-id ${old.orderId}`;
    // The order as it ended: its state proves whether anything may be placed, its filled size how much.
    let after: Row;
    try {
      after = cancelled.via === 'lookup' ? (cancelled.data as Row) : await readOrder(ch, symbol, { orderId: old.orderId });
    } catch (err) {
      // The cancel is proven; what is left to place is not known: the amend's outcome is unknown (exit 11), not "nothing sent".
      throw new BmError('unknown', `${command}: order ${old.orderId} ${cancelled.verdict.say}; reading what filled of it failed (${(err as Error).message}): the new order was not sent`, { hint: `check with: ${check}; then place what is left with bm order place`, retryable: false });
    }
    const status = fieldText(after, 'status') ?? '';
    const finalFilled = fieldText(after, 'filled_size') ?? '';
    const oldDone = { ...old, say: cancelled.verdict.say, via: cancelled.via, finalFilled };
    const life = statusLife(status);
    if (life === 'open' || life === undefined) {
      throw new BmError('unknown', `${command}: order ${old.orderId} ${cancelled.verdict.say}, yet it still shows status ${status || 'none'}: what fills of it is not final, so the new order was not sent`, { hint: `check with: ${check} (do not amend it again before you know)`, retryable: false });
    }
    if (life !== 'cancelled' || cancelled.verdict.outcome !== 'done') {
      return { symbol, old: oldDone, why: `the old order was ${life} before the cancel took` };
    }
    const rest = remainder(planned, finalFilled, rules);
    if (!rest.send) return { symbol, old: oldDone, why: rest.why };
    // A conditional order following the old order fired an exit meanwhile: a new order would have no exit.
    const fired = follow?.fired?.(old.orderId);
    if (fired) return { symbol, old: oldDone, why: `algo ${fired.id} fired its ${fired.leg} on it meanwhile: the rest was not placed (no exit would protect it)` };
    const newCommand = `${command} (new order, client order id ${rest.order.clientOrderId})`;
    const stood = await (async () => {
      const placedR = await carefulWrite(host, ch, { ep: ch.entry('spot.order.submit'), params: rest.order.params, command: newCommand, confirmed: true }, deps);
      const r = await withState(ch, placedR!, newCommand);
      checkStood(newCommand, r);
      return r;
    })().catch((err: unknown) => { throw saying(err, `order ${old.orderId} ${cancelled.verdict.say} (${finalFilled} filled); `, ''); });
    const d = rowOfData(stood.data);
    newId = fieldText(d, 'order_id') || undefined;
    // It fired as the new order went out: that order is withdrawn (the runner, if it saw it first, cancels it too).
    const late = newId === undefined ? undefined : follow?.fired?.(old.orderId);
    if (late) return { symbol, old: oldDone, why: await withdrawn(host, ch, { symbol, orderId: newId!, command, late }, deps) };
    return {
      symbol, old: oldDone,
      placed: { orderId: fieldText(d, 'order_id') ?? '', clientOrderId: rest.order.clientOrderId, size: rest.order.size!, price: rest.order.price!, say: stood.verdict.say, via: stood.via },
    };
  } finally {
    follow?.after(old.orderId, newId);
  }
}
