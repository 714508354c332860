/** A bare WebSocket client for server tests: records every frame, decoded, and waits for the one wanted. */
import { WebSocket } from 'ws';
import { decodeFrame, type Frame } from '../../src/ws/codec.js';

export interface Recorded {
  readonly frame: Frame;
  readonly binary: boolean;
}

export interface RawClient {
  readonly ws: WebSocket;
  readonly got: Recorded[];
  send(msg: object | string): void;
  /** The first frame (from `from` on) that matches; rejects after `ms`. */
  next(pred: (f: Frame, binary: boolean) => boolean, ms?: number, from?: number): Promise<Frame>;
  /** Resolves with the close code. */
  readonly closed: Promise<number>;
}

export async function rawClient(url: string): Promise<RawClient> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const got: Recorded[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data, binary) => {
    got.push({ frame: decodeFrame(data as Buffer, binary), binary });
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('error', fail);
  });
  return {
    ws,
    got,
    send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    closed,
    next: (pred, ms = 3000, from = 0) =>
      new Promise<Frame>((ok, fail) => {
        const check = () => {
          const hit = got.slice(from).find((r) => pred(r.frame, r.binary));
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(t);
          ok(hit.frame);
        };
        const t = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(got.map((r) => r.frame))}`));
        }, ms);
        waiters.add(check);
        check();
      }),
  };
}

export const isError = (code: string) => (f: Frame) => f.kind === 'error' && f.code === code;
export const isPush = (table: string) => (f: Frame) => f.kind === 'push' && f.table === table;
