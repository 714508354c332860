/**
 * A one-shot reachability probe of the venue's WebSocket: open, send the text `ping`, wait for
 * `pong` (spec 6.4), close. Resolves with the round trip of the ping in ms; rejects with a
 * network {@link BmError} that says what went wrong. `ws` is imported only when a probe runs.
 */
import type { BmError } from '../errors.js';
import { decodeFrame } from './codec.js';
import { wsNetworkError } from './errors.js';

export interface ProbeResult {
  /** ms from sending `ping` to receiving `pong`. */
  readonly rttMs: number;
  /** ms from the start to the open socket. */
  readonly connectMs: number;
}

/** Probes `url` (a stream address, src/core/live/address.ts); gives up after `timeoutMs`. */
export async function probeWs(url: string, timeoutMs = 5000): Promise<ProbeResult> {
  const { WebSocket } = await import('ws');
  const started = Date.now();
  return new Promise<ProbeResult>((resolve, reject) => {
    let ws: InstanceType<typeof WebSocket> | undefined;
    let settled = false;
    let pingAt = 0;
    const done = (err: BmError | undefined, result?: ProbeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws?.removeAllListeners();
      ws?.on('error', () => {});
      ws?.terminate();
      if (err) reject(err);
      else resolve(result!);
    };
    const timer = setTimeout(() => {
      const what = pingAt ? `no pong within ${timeoutMs} ms of ping` : `no connection within ${timeoutMs} ms`;
      done(wsNetworkError(`${url}: ${what}`, 'check --ws-url, a firewall or proxy blocking WebSocket, or that the venue is up'));
    }, timeoutMs);
    try {
      ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: timeoutMs });
    } catch (e) {
      done(wsNetworkError(`${url}: ${(e as Error).message}`, 'give --ws-url as ws://host or wss://host'));
      return;
    }
    const socket = ws;
    socket.on('open', () => {
      pingAt = Date.now();
      socket.send('ping');
    });
    socket.on('message', (data, binary) => {
      if (decodeFrame(data as Buffer, binary).kind === 'pong') done(undefined, { rttMs: Date.now() - pingAt, connectMs: pingAt - started });
    });
    socket.on('error', (e) => done(wsNetworkError(`${url}: ${e.message}`, 'check --ws-url and the network, or that the venue is up')));
    socket.on('close', (code) => done(wsNetworkError(`${url}: closed (${code}) before answering ping`, 'check --ws-url: the address may not be the venue')));
  });
}
