import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Exchange } from '../../../../src/sandbox/exchange/exchange.js';
import { firstViolation } from '../../../../src/sandbox/exchange/state-check.js';
import { loadState, StateFileError, type ExchangeState } from '../../../../src/sandbox/exchange/state.js';

const START = Date.UTC(2026, 10, 22, 8, 0, 0);

/** A state the sandbox wrote after real trading: an account with a resting buy, a resting sell and a filled order. */
function traded(): { state: ExchangeState; acct: string } {
  const clock = { now: START };
  const ex = new Exchange({ seed: 5, clock: () => clock.now });
  clock.now += 1000;
  ex.advance();
  const a = ex.createAccount({ USDT: '50000', BTC: '1' });
  ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '30000', size: '0.1' });
  ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '900000', size: '0.25' });
  ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '100' });
  clock.now += 5000;
  ex.advance();
  return { state: JSON.parse(JSON.stringify(ex.snapshot())) as ExchangeState, acct: a.id };
}

type Mutable = { ledger: Record<string, Record<string, { available: string; frozen: string }>>; orders: Array<Record<string, unknown>> };

/** `state` changed by `edit` (on a deep copy). */
function broken(state: ExchangeState, edit: (s: Mutable) => void): ExchangeState {
  const copy = JSON.parse(JSON.stringify(state)) as ExchangeState;
  edit(copy as unknown as Mutable);
  return copy;
}

test('a state the sandbox wrote keeps every rule, and an exchange starts on it', () => {
  const { state } = traded();
  assert.equal(firstViolation(state), undefined);
  assert.ok(new Exchange({ clock: () => START + 10_000 }, state));
});

test('each broken rule is named, with the account, order or figure', () => {
  const { state, acct } = traded();
  const open = (s: Mutable, side: string) => s.orders.find((o) => o.acct === acct && o.side === side && (o.status === 4 || o.status === 5))!;
  const cases: Array<[string, (s: Mutable) => void, RegExp]> = [
    ['negative balance', (s) => (s.ledger[acct]!.USDT!.available = '-5'), new RegExp(`account ${acct} has a negative USDT balance \\(available -5\\)`)],
    ['negative frozen', (s) => (s.ledger[acct]!.BTC!.frozen = '-0.1'), /BTC frozen balance is negative \(-0\.1\)/],
    ['exponent', (s) => (s.ledger[acct]!.USDT!.available = '1e5'), /available balance is not a decimal of at most 18 places \("1e5"\)/],
    ['too many places', (s) => (s.ledger[acct]!.USDT!.available = '0.1234567890123456789'), /not a decimal of at most 18 places/],
    ['a number', (s) => ((s.ledger[acct]!.USDT as unknown as { available: number }).available = 5), /not a decimal/],
    ['frozen beyond the orders', (s) => (s.ledger[acct]!.BTC!.frozen = '0.5'), new RegExp(`account ${acct} has 0.5 BTC frozen, but its open orders hold 0.25`)],
    ['an order holding more', (s) => (open(s, 'buy').frozen = '4000'), new RegExp(`account ${acct} has 3000 USDT frozen, but its open orders hold 4000`)],
    ['an order gone', (s) => (s.orders = s.orders.filter((o) => o.side !== 'sell')), /0\.25 BTC frozen, but its open orders hold 0$/],
    ['a finished order holding', (s) => (s.orders.find((o) => o.status === 6)!.frozen = '1'), /is over \(status 6\) but still holds 1 USDT/],
    ['an unknown pair', (s) => (open(s, 'buy').symbol = 'NOPE_USDT'), /trades an unknown pair \("NOPE_USDT"\)/],
    ['an unknown account', (s) => (open(s, 'buy').acct = '999'), /belongs to no account of the file \("999"\)/],
    ['a bad size', (s) => (open(s, 'buy').size = 'abc'), /size is not a decimal/],
  ];
  for (const [what, edit, pattern] of cases) assert.match(firstViolation(broken(state, edit)) ?? 'kept every rule', pattern, what);
});

test('loadState refuses a file that breaks a rule, naming it and the rule, and leaves it as it was', () => {
  const { state, acct } = traded();
  const file = join(mkdtempSync(join(tmpdir(), 'bm-state-check-')), 'state.json');
  const text = JSON.stringify(broken(state, (s) => (s.ledger[acct]!.USDT!.available = '-1')));
  writeFileSync(file, text);
  assert.throws(() => loadState(file), (e: Error) => e instanceof StateFileError && e.message.startsWith(`${file}: not a consistent sandbox state: account ${acct} has a negative USDT`));
  assert.equal(readFileSync(file, 'utf8'), text, 'never mended');
});
