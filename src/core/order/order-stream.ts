/**
 * The private order-progress stream of one pair, for `--wait`: logged in as `bm watch orders` is,
 * reporting the pushed status of one order. Resolves once subscribed; rejects when there is no stream,
 * or when `signal` aborts first (the wait is over): then nothing is left open.
 */
import type { Session } from '../session.js';
import { scalarText } from '../../util/json.js';
import { systemClock } from '../../util/clock.js';
import type { Follow } from './wait.js';

/** Which order to follow: its id, and its client order id when known. */
export interface OrderIds {
  readonly orderId: string;
  readonly clientOrderId?: string;
}

export function followOrder(ctx: Pick<Session, 'venue' | 'resolvedVenue' | 'credentials' | 'verbose' | 'trace' | 'timeoutMs' | 'clock'>, symbol: string, ids: OrderIds): (f: Follow, signal: AbortSignal) => Promise<() => Promise<void>> {
  return async (f, signal) => {
    const venue = ctx.venue.wsUrl ? ctx.venue : await ctx.resolvedVenue();
    if (!venue.wsUrl) throw new Error('the venue has no WebSocket address');
    const creds = await ctx.credentials();
    if (!creds) throw new Error('no credentials to log in with');
    const [{ openStream, streamAddress }, { topics }] = await Promise.all([import('../live/index.js'), import('../../ws/channels.js')]);
    const url = streamAddress(venue.wsUrl, 'private');
    let ready = false;
    let settle!: { ok: () => void; ko: (e: Error) => void };
    const up = new Promise<void>((ok, ko) => (settle = { ok, ko }));
    const conn = await openStream({
      venue: { url: venue.wsUrl, service: venue.service },
      side: 'private',
      credentials: () => creds,
      // One retry, then polling: a wait must not spend its time reconnecting.
      giveUpAfter: 1,
      ...(ctx.verbose ? { trace: (line: string) => ctx.trace(line) } : {}),
      onPush: (_topic, _table, e) => {
        const mine = scalarText(e.order_id) === ids.orderId || (ids.clientOrderId !== undefined && scalarText(e.client_order_id) === ids.clientOrderId);
        if (mine) f.onStatus(scalarText(e.state));
      },
      onAck: () => {
        if (!ready) settle.ok();
        ready = true;
        f.onReady();
      },
      onError: (err) => (ready ? f.onLost(err) : settle.ko(err)),
    });
    if (signal.aborted) throw new Error('the wait is over');
    conn.subscribe([topics.order(symbol)]);
    conn.start();
    const cancel = (ctx.clock ?? systemClock).timer(ctx.timeoutMs, () => settle.ko(new Error(`no subscription acknowledged by ${url} within ${ctx.timeoutMs} ms`)));
    const over = () => settle.ko(new Error('the wait is over'));
    signal.addEventListener('abort', over, { once: true });
    try {
      await up;
    } catch (err) {
      await conn.close();
      throw err;
    } finally {
      cancel();
      signal.removeEventListener('abort', over);
    }
    ctx.trace(`following order ${ids.orderId} on ${url}`);
    return () => conn.close();
  };
}
