/**
 * The one place a stream is opened: its address from the catalogue, the login signed for every
 * (re)connect, and a hook run once the subscriptions are acknowledged again after a reconnect (the
 * moment to read over REST what the gap may have hidden). The connection module (and `ws`) loads on
 * the first open, so a command that never streams never loads it.
 */
import type { Credentials } from '../../api/client.js';
import { BmError } from '../../errors.js';
import { signWsLogin } from '../../util/signing.js';
import type { ConnectionOptions, ConnState, WsConnection } from '../../ws/connection.js';
import { streamAddress, type StreamSide } from './address.js';

/** Where the streams are: the venue's WebSocket address and the service its login signature names. */
export interface StreamVenue {
  /** `ws://host` (the paths are appended). */
  readonly url: string;
  readonly service: string;
}

/** What a face uses of a connection (a test injects its own). */
export interface LiveConnection {
  readonly reconnects: number;
  readonly lastMessageAt: number;
  subscribe(topics: readonly string[]): void;
  start(): void;
  close(): Promise<void>;
}

/** Opens a connection from its options; the default makes a {@link WsConnection}. */
export type Opener<C extends LiveConnection = LiveConnection> = (opts: ConnectionOptions) => C;

export interface StreamSpec extends Omit<ConnectionOptions, 'url' | 'login'> {
  readonly venue: StreamVenue;
  readonly side: StreamSide;
  /** The private side's credentials, read at every login (a renewed key is used at once). */
  readonly credentials?: () => Credentials | undefined;
  /** ms since the epoch, the login's timestamp; default the system's. */
  readonly now?: () => number;
  /**
   * The connection is back after a drop and its subscriptions acknowledged again: what was pushed
   * meanwhile is lost, so a face reads its state again over REST here. Once per reconnect.
   */
  readonly onGap?: () => void;
}

/** The connection's options for `spec`: the address, the login of the private side, the gap hook. */
export function connectionOptions(spec: StreamSpec, reconnects: () => number): ConnectionOptions {
  const { venue, side, credentials, now = Date.now, onGap, onState, onAck, ...rest } = spec;
  /** Reconnects counted when last ready; undefined before the first ready (failed first attempts are no gap). */
  let gapSeen: number | undefined;
  let backFromGap = false;
  const login = (): [string, string, string] => {
    const creds = credentials?.();
    if (!creds) throw new BmError('auth', 'no credentials to log in with');
    const ts = String(now());
    return [creds.key, ts, signWsLogin(creds.secret, ts, creds.memo, venue.service)];
  };
  return {
    ...rest,
    url: streamAddress(venue.url, side),
    ...(side === 'private' ? { login } : {}),
    onState: (st: ConnState) => {
      if (st === 'ready') {
        backFromGap = gapSeen !== undefined && reconnects() > gapSeen;
        gapSeen = reconnects();
      }
      onState?.(st);
    },
    onAck: (topic: string) => {
      onAck?.(topic);
      if (!backFromGap) return;
      backFromGap = false;
      onGap?.();
    },
  };
}

/** The connection for `spec` (not started), made by `open` or else a {@link WsConnection}. */
export async function openStream<C extends LiveConnection = WsConnection>(spec: StreamSpec, open?: Opener<C>): Promise<C> {
  const make: Opener<C> = open ?? (await defaultOpener<C>());
  let conn: C | undefined;
  conn = make(connectionOptions(spec, () => conn?.reconnects ?? 0));
  return conn;
}

async function defaultOpener<C extends LiveConnection>(): Promise<Opener<C>> {
  const { WsConnection } = await import('../../ws/connection.js');
  return (opts) => new WsConnection(opts) as unknown as C;
}
