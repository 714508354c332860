/**
 * One socket of a {@link WsConnection}: `ws` loaded on first use (commands that never stream never load
 * it), opened with the frame cap, and what its errors and closes mean for the connection.
 */
import type { WebSocket } from 'ws';
import { MAX_FRAME_BYTES } from './codec.js';

let wsModule: Promise<typeof import('ws')> | undefined;

/** The `ws` package, loaded once. */
export function loadWs(): Promise<typeof import('ws')> {
  return (wsModule ??= import('ws'));
}

/** Opens a socket to `url` (throws when the address is not one `ws` accepts). */
export function newSocket(mod: typeof import('ws'), url: string): WebSocket {
  return new mod.WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 10_000, maxPayload: MAX_FRAME_BYTES });
}

/** Closes `ws` (a normal close, or at once while it is still connecting); resolves once closed, 1 s at most. */
export async function closeSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === ws.CLOSED) return;
  await new Promise<void>((resolve) => {
    const t = setTimeout(() => (ws.terminate(), resolve()), 1000);
    ws.once('close', () => (clearTimeout(t), resolve()));
    if (ws.readyState === ws.CONNECTING) ws.terminate();
    else ws.close(1000);
  });
}

/** What a socket's events ask of its connection. */
export interface SocketEvents {
  /** False once the socket is no longer the connection's: its errors and close are then ignored. */
  current(): boolean;
  open(): void;
  message(data: Buffer, binary: boolean): void;
  /** Tells the user `line` (a frame refused, a close that says why). */
  say(line: string): void;
  /** Abandons the socket (`why`, for the trace): its close reconnects. */
  drop(why: string): void;
  /** The socket closed: reconnect. */
  closed(): void;
  trace?(line: string): void;
}

export function wireSocket(ws: WebSocket, ev: SocketEvents): void {
  ws.on('open', () => ev.open());
  ws.on('message', (data, binary) => ev.message(data as Buffer, binary));
  ws.on('error', (e: NodeJS.ErrnoException) => {
    ev.trace?.(`ws error: ${e.message}`);
    if (!ev.current()) return;
    // ws stops reading a socket whose frame broke a rule and would wait 30 s for the venue's close: drop it now.
    if (e.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
      ev.say(`a frame over the ${MAX_FRAME_BYTES / 1024 / 1024} MiB cap was refused; reconnecting`);
      ev.drop('oversized frame');
    } else if (e.code?.startsWith('WS_ERR_')) {
      ev.say(`a frame the WebSocket protocol does not allow was refused (${e.message}); reconnecting`);
      ev.drop('protocol error');
    }
  });
  ws.on('close', (code) => {
    if (!ev.current()) return;
    ev.trace?.(`ws closed (${code})`);
    if (code === 1009) ev.say('the venue closed the connection: a message too big for it (1009); reconnecting');
    ev.closed();
  });
}
