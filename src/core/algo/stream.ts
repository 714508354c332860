/**
 * The venue's public trade stream of one pair as a {@link TradeStream}: on the CLI's own WebSocket
 * connection (keep-alive, reconnect, resubscribe). A subscription acknowledged is the stream up; the
 * connection waiting to reconnect, or given up, is the stream down.
 */
import { scalarText } from '../../util/json.js';
import type { Session } from '../session.js';
import type { TradeStream } from './runner.js';

type WsSource = Pick<Session, 'venue' | 'resolvedVenue' | 'verbose' | 'trace'>;

export function tradeStream(src: WsSource, symbol: string): TradeStream {
  return async (h) => {
    const venue = src.venue.wsUrl ? src.venue : await src.resolvedVenue();
    if (!venue.wsUrl) throw new Error('the venue has no WebSocket address');
    const [{ WsConnection }, { topics }] = await Promise.all([import('../../ws/connection.js'), import('../../ws/channels.js')]);
    const conn = new WsConnection({
      url: `${venue.wsUrl}/api?protocol=1.1`,
      ...(src.verbose ? { trace: (line: string) => src.trace(line) } : {}),
      onPush: (_topic, _table, e) => {
        const ms = Number(scalarText(e.ms_t ?? ''));
        const time = Number.isFinite(ms) && ms > 0 ? ms : Number(scalarText(e.s_t)) * 1000;
        const price = scalarText(e.price);
        if (price !== '' && Number.isFinite(time)) h.trade({ price, size: scalarText(e.size), time });
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
