/**
 * A look at the D-Bus session bus before the native keychain module touches it. The module connects
 * synchronously on the main thread, so a bus that accepts the connection and never answers would
 * freeze `bm` beyond any deadline (and keep it from exiting). Here the same handshake runs on a
 * JavaScript socket that a deadline can close. Linux only; other transports are left to the module.
 */
import { connect } from 'node:net';
import type { Env } from '../util/paths.js';

/** The socket path of the first unix transport in a bus address, `\0`-prefixed when abstract. */
export function busSocket(address: string | undefined): string | undefined {
  for (const transport of (address ?? '').split(';')) {
    const m = /^unix:(.*)$/.exec(transport.trim());
    if (!m) continue;
    const kv = new Map(m[1]!.split(',').map((p) => p.split('=', 2) as [string, string]));
    const unescape = (v: string) => v.replace(/%([0-9a-fA-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (kv.get('path')) return unescape(kv.get('path')!);
    if (kv.get('abstract')) return `\0${unescape(kv.get('abstract')!)}`;
  }
  return undefined;
}

/**
 * Resolves with undefined when the bus completes the authentication handshake, else with why not.
 * No bus address, or one that is not a unix socket: undefined (the module reports those quickly itself).
 */
export function probeBus(env: Env, signal?: AbortSignal): Promise<string | undefined> {
  const path = busSocket(env.DBUS_SESSION_BUS_ADDRESS);
  if (!path || process.platform !== 'linux') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = connect({ path });
    let reply = '';
    const finish = (why: string | undefined) => {
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(why);
    };
    const onAbort = () => finish('the D-Bus session bus does not answer');
    signal?.addEventListener('abort', onAbort);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      const uid = String(process.getuid?.() ?? 0);
      socket.write(`\0AUTH EXTERNAL ${Buffer.from(uid).toString('hex')}\r\n`);
    });
    socket.on('data', (chunk: string) => {
      reply += chunk;
      if (!reply.includes('\r\n')) return;
      finish(reply.startsWith('OK ') ? undefined : 'the D-Bus session bus refused this user');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => finish(`no D-Bus session bus at ${path.replace(/^\0/, '@')} (${err.code ?? 'error'})`));
    socket.on('end', () => finish('the D-Bus session bus closed the connection'));
  });
}
