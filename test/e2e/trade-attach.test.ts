/**
 * A stop attached in the trading terminal is a real detached conditional order: the terminal's keys
 * plan it, its write path arms it and starts a runner (the built binary, as `--detach` does) against the
 * sandbox behind the fault proxy; the runner fires it once, or the terminal's cancel stops it unsent.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, test } from 'node:test';
import { attachAlgo, cancelAlgo } from '../../src/commands/trade/attach-run.js';
import { readAttached } from '../../src/commands/trade/attach.js';
import { handleKey } from '../../src/commands/trade/keys.js';
import type { TradeState } from '../../src/commands/trade/state.js';
import { Context } from '../../src/context.js';
import { keptAlgo, keptAlgos } from '../../src/core/algo/store.js';
import { IO, type InStream } from '../../src/render/io.js';
import { ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { fixtureState } from '../unit/trade/fixture.js';

const v = useLibraryVenue(61, { USDT: '100000', BTC: '5' });
const SUBMIT = '/spot/v2/submit_order';
let env: Record<string, string> | undefined;

after(() => {
  // A test that failed half-way leaves no runner behind.
  for (const k of env ? keptAlgos(env, () => undefined) : []) if (k.runner) process.kill(k.runner, 'SIGTERM');
});

function contextOf(e: Record<string, string>): Context {
  const io = new IO({ write: () => true }, { write: () => true }, new PassThrough() as unknown as InStream, e, 'never');
  return new Context(io, { baseUrl: v.proxy.url, timeout: '5000' }, e);
}

/** The selected order's stop, typed and confirmed in the terminal: the spec its `y` hands over. */
function attachTyped(s: TradeState, trigger: string) {
  for (const k of ['x', ...trigger, 'enter']) handleKey(s, k);
  const cmd = handleKey(s, 'y');
  assert.equal(cmd?.kind, 'attach', `the attach was confirmed: ${s.ui.form?.error ?? ''}`);
  return cmd.kind === 'attach' ? cmd.spec : assert.fail();
}

async function until<T>(what: string, get: () => T | undefined): Promise<T> {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    const got = get();
    if (got !== undefined) return got;
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('a stop attached in bm trade runs detached: through its trigger it fires once; armed, the terminal cancels it unsent', async () => {
  ensureBuilt();
  env = isolatedEnv({ BM_API_KEY: v.credentials.key, BM_API_SECRET: v.credentials.secret, BM_API_MEMO: v.credentials.memo });
  const e = env;
  const ctx = contextOf(e);
  const s = fixtureState();
  // The fixture's selected order sells 0.01: its stop buys 0.01 back, spending 0.01 × the trigger at market.
  const before = v.proxy.count('POST', SUBMIT);
  const fired = attachTyped(s, '1000');
  const armed = await attachAlgo(ctx, fired);
  assert.equal(armed.kind, 'ok', armed.text);
  assert.match(armed.text, new RegExp(`algo ${fired.id}, held by this machine's runner, not the venue \\(pid [0-9]+`));
  const end = await until('the stop to fire', () => keptAlgo(e, fired.id).record.lines.at(-1)?.st.end);
  assert.equal(end, 'done');
  assert.equal(keptAlgo(e, fired.id).record.lines.at(-1)!.st.legs.stop!.status, 'placed');
  assert.equal(v.proxy.count('POST', SUBMIT) - before, 1, 'fired once');
  assert.deepEqual(readAttached(e, 'BTC_USDT', () => undefined), [], 'an ended algo leaves the orders pane');

  const held = attachTyped(s, '1000000');
  assert.equal((await attachAlgo(ctx, held)).kind, 'ok');
  const [listed] = await until('the runner to hold it', () => {
    const l = readAttached(e, 'BTC_USDT', () => undefined);
    return l[0]?.running ? l : undefined;
  });
  assert.deepEqual({ id: listed!.id, triggers: listed!.triggers }, { id: held.id, triggers: ['1000000'] });
  s.account.algos = [listed!];
  s.account.orders.clear();
  handleKey(s, 'c');
  const cmd = handleKey(s, 'y');
  assert.equal(cmd?.kind, 'cancelAlgo');
  const out = await cancelAlgo(ctx, listed!);
  assert.equal(out.kind, 'ok', out.text);
  assert.match(out.text, /^cancelled stop .* \(stop cancelled\)$/);
  assert.equal(keptAlgo(e, held.id).runner, undefined, 'its runner is gone');
  assert.equal(v.proxy.count('POST', SUBMIT) - before, 1, 'the cancelled stop sent nothing');
});
