/**
 * ccxt's `bitmart` (and its WebSocket adapter) on an in-process sandbox: its REST and WebSocket urls pointed
 * at it, keyed with an account (the memo as ccxt's uid). ccxt's own throttle is off, so the sandbox's limits
 * are the ones that apply and no test waits on ccxt's clock. Loading ccxt fails loudly unless
 * BM_SKIP_CCXT=1 says to skip the client tests.
 */
import { inflateRawSync } from 'node:zlib';
import { CCXT_VERSION, ensureCcxt, loadCcxt } from './ccxt-cache.js';
import { useSandbox, type Harness } from './sandbox-server.js';
import type { Creds } from './signed.js';

export const skipCcxt = process.env.BM_SKIP_CCXT === '1';
if (skipCcxt) console.error(`\n*** BM_SKIP_CCXT=1: the ccxt ${CCXT_VERSION} client tests are SKIPPED ***\n`);

/** A ccxt test file's sandboxes: both modes (as the venue did, and strict), warm, under the login service ccxt sends. */
export function ccxtModes(seed: number): ReadonlyArray<readonly [string, Harness, boolean]> {
  return [
    ['as the venue did', useSandbox(seed, { warm: true, service: 'bitmart' }), false],
    ['strict', useSandbox(seed, { warm: true, service: 'bitmart', strict: true }), true],
  ];
}

/** ccxt itself, installed into its cache on first use. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ccxtModule(): Promise<any> {
  try {
    return loadCcxt(await ensureCcxt());
  } catch (err) {
    throw new Error(`ccxt ${CCXT_VERSION} could not be installed for the client tests (BM_SKIP_CCXT=1 skips them): ${(err as Error).message}`);
  }
}

/** The public and private WebSocket addresses of the sandbox `h`. */
export function sockets(h: Harness): { public: string; private: string } {
  const ws = h.base().replace(/^http/, 'ws');
  return { public: `${ws}/api?protocol=1.1`, private: `${ws}/user?protocol=1.1` };
}

/** A ccxt bitmart on the sandbox `h`, keyed with `creds`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function exchangeOn(ccxt: any, h: Harness, creds: Creds) {
  const ex = new ccxt.pro.bitmart({
    apiKey: creds.key, secret: creds.secret, uid: creds.memo, enableRateLimit: false,
    urls: { api: { spot: h.base(), swap: h.base(), ws: { spot: sockets(h), swap: sockets(h) } } },
  });
  // ccxt refuses ws:// (not wss://) addresses until its plain HTTP agent is loaded.
  await ex.loadHttpProxyAgent();
  return ex;
}

/** Resolves once the venue has acknowledged `topic` on ccxt's own private socket (seen as ccxt receives it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function acknowledged(ex: any, h: Harness, topic: string): Promise<void> {
  const socket = ex.client(sockets(h).private).connection;
  return new Promise<void>((ok) => socket.on('message', (data: Buffer, binary: boolean) => {
    const text = (binary ? inflateRawSync(data) : data).toString('utf8');
    if (text.includes('"event":"subscribe"') && text.includes(topic)) ok();
  }));
}
