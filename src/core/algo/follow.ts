/**
 * Legs that follow another (one-triggers-other: a bracket's exits and its entry): the entry's order read
 * from the venue (what has filled, whether it is over), its rest cancelled before an exit fires (so no
 * more fills come unprotected), and an exit made the order it places, sized by what filled.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { statusLife } from '../../api/catalogue/statuses.js';
import { BmError } from '../../errors.js';
import { add, floorTo, isZero, mul, norm, truncate } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import { checkOrder } from '../order/check.js';
import { pricePlaces } from '../order/pairs.js';
import type { WriteChannel } from '../write/channel.js';
import type { WriteHost } from '../write/host.js';
import { carefulWrite } from '../write/pipeline.js';
import type { AlgoSpec, Leg } from './model/spec.js';
import type { AlgoEvent, LegState } from './model/state.js';
import type { WaitClock } from '../../util/clock.js';
import type { EntryMoves } from './engine-deps.js';

/** An order of the venue as a follower needs it: what has filled (base), whether it is over, and whether it ended cancelled. */
export interface OrderFill {
  readonly filled: string;
  readonly over: boolean;
  readonly cancelled: boolean;
}

/** Reads the order `orderId` of the algo's pair. */
export async function readFill(ch: WriteChannel<Endpoint>, symbol: string, orderId: string): Promise<OrderFill> {
  const row = (await ch.send(ch.entry('spot.order.detail'), [['symbol', symbol], ['order_id', orderId]])) as Record<string, unknown>;
  const life = statusLife(scalarText(row.status));
  return { filled: scalarText(row.filled_size) || '0', over: life !== undefined && life !== 'open', cancelled: life === 'cancelled' };
}

/** The legs others follow whose order is on the venue and not over: what a runner watches. */
export function followed(spec: AlgoSpec, legs: Readonly<Record<string, LegState>>): Array<{ leg: string; orderId: string }> {
  const names = new Set(spec.legs.flatMap((l) => (l.after !== undefined ? [l.after] : [])));
  return [...names].flatMap((n) => {
    const s = legs[n];
    return s?.status === 'placed' && s.orderId && !s.over ? [{ leg: n, orderId: s.orderId }] : [];
  });
}

export interface FollowDeps {
  readonly channel: WriteChannel<Endpoint>;
  readonly host: WriteHost;
  readonly command: string;
  readonly moves?: EntryMoves;
}

/** Cancels the rest of order `orderId` (proven by its answer or a lookup); an error is said, not thrown: what filled is read after. */
export async function cancelRest(deps: FollowDeps, spec: AlgoSpec, orderId: string, why: string): Promise<void> {
  try {
    await carefulWrite(deps.host, deps.channel, { ep: deps.channel.entry('spot.order.cancel'), params: [['symbol', spec.symbol], ['order_id', orderId]], command: `${deps.command} (${why})`, confirmed: true });
  } catch (err) {
    if (!(err instanceof BmError)) throw err;
    deps.host.note(`bm: algo ${spec.id}: ${why}: ${err.message}`);
  }
}

/**
 * The exit `leg` ready to send: the entry's rest cancelled first when it is still open, then sized by
 * what the entry filled (floored to the pair's size step) and checked against the pair's rules. Or the
 * outcome instead, when there is nothing to place (a failure naming why).
 */
export async function sizedExit(deps: FollowDeps, spec: AlgoSpec, leg: Leg, entry: LegState): Promise<{ leg: Leg } | { outcome: LegState }> {
  const orderId = entry.orderId!;
  // An amend of the entry under way or just done is told first (it then places nothing more, or cancels what it
  // placed); a new order it placed already is the entry's too: its rest cancelled, what filled of it in the exit.
  deps.moves?.fired(spec.id, orderId, leg.name);
  const moved = deps.moves?.to(spec.id, orderId);
  const replacement = moved === 'pending' ? undefined : moved;
  if (!entry.over) await cancelRest(deps, spec, orderId, `the rest of ${leg.after} (order ${orderId}) cancelled before ${leg.name} fires`);
  if (replacement !== undefined) await cancelRest(deps, spec, replacement, `the rest of order ${replacement}, which replaced ${leg.after}'s order ${orderId} (an amend), cancelled before ${leg.name} fires`);
  let filled = '0';
  for (const id of replacement === undefined ? [orderId] : [orderId, replacement]) {
    let fill: OrderFill;
    try {
      fill = await readFill(deps.channel, spec.symbol, id);
    } catch (err) {
      if (!(err instanceof BmError)) throw err;
      return { outcome: { status: 'failed', category: err.category, why: `what ${leg.after} filled could not be read (${err.message}): not sent` } };
    }
    if (!fill.over) deps.host.note(`bm: algo ${spec.id}: order ${id} (${leg.after}) is still open after its cancel: ${leg.name} protects the ${norm(fill.filled)} filled so far`);
    filled = norm(add(filled, fill.filled));
  }
  const rules = spec.rules!;
  // What filled of the orders the entry's order replaced (an amend) counts too.
  const total = entry.base === undefined ? filled : norm(add(entry.base, filled));
  const size = floorTo(total, rules.quote_increment && !isZero(rules.quote_increment) ? rules.quote_increment : '0.00000001');
  const side = leg.side ?? spec.side;
  const limit = leg.price;
  // A market buy is sized by what it spends: what filled, at the trigger.
  const amount = side === 'buy' && limit === undefined
    ? { notional: norm(truncate(mul(size, leg.trigger!.level), pricePlaces(rules) ?? 8)) }
    : { size };
  try {
    const checked = checkOrder({ symbol: spec.symbol, side, type: limit === undefined ? 'market' : 'limit', client_order_id: leg.clientOrderId, ...amount, ...(limit !== undefined ? { price: limit } : {}) }, rules, `${leg.name}: `);
    return { leg: { ...leg, params: checked.params.map(([k, v]) => [k, scalarText(v)] as const) } };
  } catch (err) {
    return { outcome: { status: 'failed', category: 'usage', why: `${total} filled of ${leg.after}: ${(err as Error).message}: not sent` } };
  }
}

/** How often the orders that legs follow are read, ms. */
export const FILL_POLL_MS = 2000;

/**
 * Feeds `engine` what filled of each order it watches, at once and every `everyMs`, until the returned
 * stop is called. A read that fails is tried again at the next turn (a venue busy a moment).
 */
export function watchFills(
  engine: { watched(): Array<{ leg: string; orderId: string }>; feed(ev: AlgoEvent): Promise<void> }, read: (orderId: string) => Promise<OrderFill>,
  clock: WaitClock, note: (line: string) => void, movedTo: (orderId: string) => string | 'pending' | undefined = () => undefined, everyMs = FILL_POLL_MS,
): () => void {
  let stopped = false;
  let cancel = () => undefined as void;
  const turn = async () => {
    for (const w of engine.watched()) {
      if (stopped) return;
      try {
        const f = await read(w.orderId);
        // Cancelled by an amend that placed another order: that one is followed from now on. An amend still under
        // way (its new order not placed yet) is waited for: the entry has not ended, it is being replaced.
        const to = f.over && f.cancelled ? movedTo(w.orderId) : undefined;
        if (stopped) return;
        if (to === 'pending') continue;
        if (to !== undefined) await engine.feed({ kind: 'moved', leg: w.leg, to, filled: f.filled });
        else await engine.feed({ kind: 'order', leg: w.leg, filled: f.filled, over: f.over, cancelled: f.cancelled });
      } catch (err) {
        note(`bm: ${w.leg} (order ${w.orderId}): ${(err as Error).message}; read again in ${everyMs / 1000} s`);
      }
    }
    if (!stopped) cancel = clock.timer(everyMs, () => void turn());
  };
  void turn();
  return () => {
    stopped = true;
    cancel();
  };
}
