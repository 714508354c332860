/**
 * The venue's public trade stream of one pair as a {@link TradeStream}: on the CLI's own WebSocket
 * connection, opened by the live layer (keep-alive, reconnect, resubscribe). A subscription
 * acknowledged is the stream up; the connection waiting to reconnect, or given up, is the stream down.
 */
import { scalarText } from '../../util/json.js';
import type { Wiring } from '../venue.js';
import type { TradeStream } from './runner.js';

export function tradeStream(wiring: Pick<Wiring, 'venue' | 'trace'>, symbol: string): TradeStream {
  return async (h) => {
    const venue = await wiring.venue.ws();
    if (!venue.url) throw new Error('the venue has no WebSocket address');
    const [{ openStream }, { topics }] = await Promise.all([import('../live/connect.js'), import('../../ws/channels.js')]);
    const conn = await openStream({
      venue,
      side: 'public',
      ...(wiring.trace ? { trace: wiring.trace } : {}),
      onPush: (_topic, _table, e) => {
        const ms = Number(scalarText(e.ms_t ?? ''));
        const time = Number.isFinite(ms) && ms > 0 ? ms : Number(scalarText(e.s_t)) * 1000;
        const price = scalarText(e.price);
        // No trade id on this channel (spec 6.3): a trade is told apart by its time, price, size and side (./seen.ts).
        if (price !== '' && Number.isFinite(time)) h.trade({ price, size: scalarText(e.size), side: scalarText(e.side ?? ''), time });
      },
      onAck: () => h.up(),
      onState: (state) => {
        if (state === 'waiting' || state === 'closed') h.down(state === 'waiting' ? 'reconnecting' : 'closed');
      },
      onError: (err) => h.down(err.message),
    });
    conn.subscribe([topics.trade(symbol)]);
    conn.start();
    return () => conn.close();
  };
}
