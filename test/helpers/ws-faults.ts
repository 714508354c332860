/**
 * WebSocket faults for the fault proxy: the venue's side of each piped connection is read frame by
 * frame (the venue's frames are unmasked, RFC 6455 5.2), so a test can slip a frame of its own in
 * between the venue's, rewrite or drop the venue's frames, or cut or close every connection.
 */
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface WsFaults {
  /** WebSocket connections opened through the proxy so far. */
  opened(): number;
  /** Sends a frame to every open client as if the venue had; `binary` false sends text. */
  inject(payload: Buffer | string, binary?: boolean): void;
  /** Passes each data frame of the venue (text or binary) through `fn`: its result is sent, undefined drops it. Returns a remover. */
  rewrite(fn: (payload: Buffer, binary: boolean) => Buffer | undefined): () => void;
  /** Drops every frame of the venue, control frames (pong) too, until the remover is called. */
  mute(): () => void;
  /** Cuts every WebSocket connection (the client sees it drop); returns how many were open. */
  cut(): number;
  /** Closes every WebSocket connection as the venue would, with a close frame of `code`. */
  close(code: number): void;
}

/** One encoded server frame (FIN set, no mask). */
export function frame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? Buffer.from([0x80 | opcode, n]) : n < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (n >= 126 && n < 65_536) {
    head[0] = 0x80 | opcode;
    head[1] = 126;
    head.writeUInt16BE(n, 2);
  } else if (n >= 65_536) {
    head[0] = 0x80 | opcode;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

/** Faults over the connections the proxy pipes; `attach` is called for each upgraded pair. */
export function wsFaults(): WsFaults & { attach(client: Duplex, venue: Socket): void } {
  const open = new Set<{ client: Duplex; venue: Socket }>();
  const rewrites = new Set<(payload: Buffer, binary: boolean) => Buffer | undefined>();
  let muted = 0;
  let opened = 0;
  return {
    opened: () => opened,
    inject(payload, binary = true) {
      const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
      for (const c of open) c.client.write(frame(binary ? 2 : 1, data));
    },
    rewrite(fn) {
      rewrites.add(fn);
      return () => void rewrites.delete(fn);
    },
    mute() {
      muted++;
      return () => void muted--;
    },
    cut() {
      const n = open.size;
      for (const c of open) (c.client.destroy(), c.venue.destroy());
      return n;
    },
    close(code) {
      const body = Buffer.alloc(2);
      body.writeUInt16BE(code);
      for (const c of open) (c.client.end(frame(8, body)), c.venue.destroy());
    },
    attach(client, venue) {
      opened++;
      const pair = { client, venue };
      open.add(pair);
      client.on('close', () => open.delete(pair));
      let buf = Buffer.alloc(0);
      let headersDone = false;
      venue.on('data', (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        if (!headersDone) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          client.write(buf.subarray(0, end + 4));
          buf = buf.subarray(end + 4);
          headersDone = true;
        }
        for (;;) {
          if (buf.length < 2) return;
          const len7 = buf[1]! & 0x7f;
          const at = len7 === 126 ? 4 : len7 === 127 ? 10 : 2;
          if (buf.length < at) return;
          const n = len7 === 126 ? buf.readUInt16BE(2) : len7 === 127 ? Number(buf.readBigUInt64BE(2)) : len7;
          if (buf.length < at + n) return;
          const whole = buf.subarray(0, at + n);
          const opcode = buf[0]! & 0x0f;
          buf = buf.subarray(at + n);
          if (muted) continue;
          if ((opcode === 1 || opcode === 2) && rewrites.size) {
            let payload: Buffer | undefined = Buffer.from(whole.subarray(at));
            for (const fn of rewrites) payload = payload && fn(payload, opcode === 2);
            if (payload) client.write(frame(opcode, payload));
            continue;
          }
          client.write(whole);
        }
      });
    },
  };
}
