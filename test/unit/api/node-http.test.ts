// The direct HTTP client's whole-request time: a timer of the request's timeoutMs (injected here, fired by
// hand) that ends the request, answer included, as timed out (an error named as AbortSignal.timeout names its
// own, which the transport reads as ETIMEDOUT); stopped once the answer is read; not started when the request
// brings a signal of its own. No global timer is mocked: the test files of a pool share their process.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nodeDispatch, type RequestTimer } from '../../../src/api/node-http.js';
import { useAnsweringServer } from '../../helpers/answering-server.js';

const srv = useAnsweringServer();

/** A timer fired by the test: what was started, and whether it was stopped. */
function handTimer() {
  const started: Array<{ ms: number; fire: () => void; stopped: boolean }> = [];
  const timer: RequestTimer = (ms, fire) => {
    const t = { ms, fire, stopped: false };
    started.push(t);
    return () => void (t.stopped = true);
  };
  return { timer, started };
}

const get = (dispatch: ReturnType<typeof nodeDispatch>, extra: { signal?: AbortSignal } = {}) =>
  dispatch({ method: 'GET', url: `${srv.base}/x`, headers: {}, timeoutMs: 1234, ...extra }, new URL(`${srv.base}/x`));

test('no answer within the time: the request ends as timed out', async () => {
  const { timer, started } = handTimer();
  let asked!: () => void;
  const reached = new Promise<void>((r) => (asked = r));
  srv.handler = () => asked(); // never answers
  const out = get(nodeDispatch({ timer }));
  await reached;
  assert.equal(started.length, 1);
  assert.equal(started[0]!.ms, 1234);
  started[0]!.fire();
  await assert.rejects(out, (e: Error) => e.name === 'TimeoutError' && /no answer within 1234 ms/.test(e.message));
});

test('an answer that stops halfway is timed out too: the time covers the whole answer', async () => {
  const { timer, started } = handTimer();
  let headed!: () => void;
  const sent = new Promise<void>((r) => (headed = r));
  srv.handler = (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"code":1000,', () => headed());
  };
  const out = get(nodeDispatch({ timer }));
  await sent;
  started[0]!.fire();
  await assert.rejects(out, (e: Error) => e.name === 'TimeoutError');
});

test('an answer read in time stops the timer; a request with its own signal starts none and ends when it aborts', async () => {
  const { timer, started } = handTimer();
  srv.handler = (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":1}');
  const res = await get(nodeDispatch({ timer }));
  assert.deepEqual([res.status, res.text], [200, '{"ok":1}']);
  assert.equal(started.length, 1);
  assert.equal(started[0]!.stopped, true);

  const own = handTimer();
  srv.handler = () => {}; // never answers
  const ac = new AbortController();
  const out = get(nodeDispatch({ timer: own.timer }), { signal: ac.signal });
  ac.abort();
  await assert.rejects(out, (e: Error) => e.name === 'AbortError');
  assert.equal(own.started.length, 0);
});
