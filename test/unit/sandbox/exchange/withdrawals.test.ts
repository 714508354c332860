import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Exchange } from '../../../../src/sandbox/exchange/exchange.js';
import { firstViolation } from '../../../../src/sandbox/exchange/state-check.js';
import { coinOf, depositAddress } from '../../../../src/sandbox/exchange/withdrawals.js';
import { ExchangeError } from '../../../../src/sandbox/exchange-api.js';

const START = Date.UTC(2026, 10, 22, 8, 0, 0);

test('a withdrawal moves the amount out of the account, keeps every currency\'s total, and survives a restart', () => {
  const now = { t: START };
  const ex = new Exchange({ seed: 4, clock: () => now.t, warmUpMs: 0 });
  const a = ex.createAccount({ USDT: '100' }, 'withdraw');
  const total = ex.ledger.total('USDT');
  now.t += 1000;
  const r = ex.withdraw(a.id, { currency: 'USDT-TRC20', amount: '30.5', address: 'T123', address_memo: 'm' });
  assert.deepEqual([r.currency, r.arrival_amount, r.fee, r.status, r.apply_time, r.address_memo], ['USDT-TRC20', '29.5', '1', 3, START + 1000, 'm']);
  assert.equal(ex.balances(a.id).find((b) => b.currency === 'USDT')!.available, '69.5');
  assert.equal(ex.ledger.total('USDT'), total, 'moved, not destroyed');
  assert.equal(ex.fundingRecords(ex.account(a.id)!)[0], r, 'the newest record');
  const saved = JSON.parse(JSON.stringify(ex.snapshot()));
  assert.equal(firstViolation(saved), undefined);
  const again = new Exchange({ clock: () => now.t }, saved);
  assert.deepEqual(again.fundingRecords(again.account(a.id)!)[0], r);
  assert.equal(again.balances(a.id).find((b) => b.currency === 'USDT')!.available, '69.5');
  const other = again.createAccount({ USDT: '1' });
  assert.ok(!again.fundingRecords(again.account(other.id)!).some((x) => x.withdraw_id === r.withdraw_id), 'another account sees none of it');
});

test('refusals name the venue\'s codes and move nothing', () => {
  const ex = new Exchange({ seed: 4, clock: () => START, warmUpMs: 0 });
  const a = ex.createAccount({ USDT: '10', BTC: '1' });
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return err instanceof ExchangeError ? err.code : -1;
    }
    return 0;
  };
  const w = (currency: string, amount: string, address = 'x') => () => ex.withdraw(a.id, { currency, amount, address });
  assert.equal(code(w('DOGE', '1')), 60002);
  assert.equal(code(w('BMX', '1')), 60004);
  assert.equal(code(w('USDT', '5', ' ')), 60011);
  assert.equal(code(w('BTC', '0.000000001')), 60006);
  assert.equal(code(w('USDT', '1')), 60005, 'not above the fee');
  assert.equal(code(w('USDT', '11')), 50020, 'the balance (60008 on the funding path)');
  assert.equal(ex.balances(a.id).find((b) => b.currency === 'USDT')!.available, '10');
});

test('deposit addresses: one per account, currency and network; the network is the coin when none is named', () => {
  assert.deepEqual(coinOf('USDT-ERC20'), { coin: 'USDT', network: 'ERC20' });
  assert.deepEqual(coinOf('BTC'), { coin: 'BTC', network: 'BTC' });
  assert.equal(depositAddress('1', 'USDT').address, depositAddress('1', 'USDT').address);
  assert.notEqual(depositAddress('1', 'USDT').address, depositAddress('2', 'USDT').address);
  assert.notEqual(depositAddress('1', 'USDT').address, depositAddress('1', 'USDT-TRC20').address);
  assert.throws(() => coinOf('USDT-TRC-20'), (e: ExchangeError) => e.code === 60002);
});
