// The idle rules of spec 6.4 on one sandbox WebSocket session, on node:test mock timers: the session's
// clock and its timers are the test's, so "nothing happens for 20 s" takes no time and cannot race.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test, type TestContext } from 'node:test';
import type { WebSocket } from 'ws';
import { Exchange } from '../../../../src/sandbox/exchange/exchange.js';
import { Feed } from '../../../../src/sandbox/ws/feed.js';
import { Session } from '../../../../src/sandbox/ws/session.js';

const IDLE = 20_000;
const LIFELESS = 300_000;

/** The socket side the session talks to: what it sent, and the code it closed with. */
class Socket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  closedWith: number | undefined;
  send(data: Buffer | string): void {
    this.sent.push(Buffer.isBuffer(data) ? '<binary>' : data);
  }
  close(code: number): void {
    if (this.readyState !== this.OPEN) return;
    this.readyState = 3;
    this.closedWith = code;
    this.emit('close');
  }
  /** A text message from the client. */
  say(text: string): void {
    this.emit('message', Buffer.from(text));
  }
}

// One exchange for the file (its market stands still): sessions only read it.
const START = Date.UTC(2026, 10, 23);
const ex = new Exchange({ seed: 5, clock: () => START });
ex.advance();
const feed = new Feed(ex, { now: () => Date.now() });

function session(t: TestContext, idleMs = IDLE, lifelessMs = LIFELESS) {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: START });
  const ws = new Socket();
  const s = new Session(ws as unknown as WebSocket, feed, ex, { idleMs, lifelessMs, now: () => Date.now(), factor: 1 });
  t.after(() => ws.close(1000));
  return { ws, s, tick: (ms: number) => t.mock.timers.tick(ms) };
}

test('a client silent for 20 s is closed with 4000, not a millisecond before', (t) => {
  const { ws, tick } = session(t);
  tick(IDLE - 1);
  assert.equal(ws.closedWith, undefined);
  tick(1);
  assert.equal(ws.closedWith, 4000);
});

test('a client that pings in time is kept open; once it stops, the idle rule closes it', (t) => {
  const { ws, tick } = session(t);
  for (let i = 0; i < 6; i++) {
    tick(IDLE - 1000);
    ws.say('ping');
  }
  assert.equal(ws.closedWith, undefined, `open after ${6 * (IDLE - 1000)} ms of pings`);
  assert.equal(ws.sent.filter((m) => m === 'pong').length, 6);
  tick(IDLE);
  assert.equal(ws.closedWith, 4000);
});

test('traffic either way counts: ping frames from the client and pushes to it keep the connection', (t) => {
  const { ws, s, tick } = session(t);
  for (let i = 0; i < 3; i++) {
    tick(IDLE - 1);
    ws.emit('ping');
  }
  assert.equal(ws.closedWith, undefined, 'ping frames count like the text ping');
  for (let i = 0; i < 3; i++) {
    tick(IDLE - 1);
    s.push(Buffer.from('x'));
  }
  assert.equal(ws.closedWith, undefined, 'pushes flowing keep the connection');
  assert.equal(ws.sent.length, 3);
  tick(IDLE);
  assert.equal(ws.closedWith, 4000);
});

test('no subscription within 5 minutes: closed with 4001; a subscription keeps it', (t) => {
  const lifeless = session(t, 10 * LIFELESS);
  lifeless.tick(LIFELESS - 1);
  assert.equal(lifeless.ws.closedWith, undefined);
  lifeless.tick(1);
  assert.equal(lifeless.ws.closedWith, 4001);
});

test('a connection with a subscription outlives the 5 minutes', (t) => {
  const { ws, tick } = session(t, 10 * LIFELESS);
  ws.say(JSON.stringify({ op: 'subscribe', args: ['spot/ticker:BTC_USDT'] }));
  assert.ok(ws.sent.some((m) => m.includes('"event":"subscribe"')), ws.sent.join('\n'));
  tick(LIFELESS * 2);
  assert.equal(ws.closedWith, undefined);
});
