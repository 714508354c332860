// Writes of other shapes through the same pipeline: the legacy generation (matched by its fields when lost),
// a command with nothing hand-written about safety (contract order), and cancel-all across pairs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { envelope, type Fault } from '../helpers/fault-proxy.js';
import { useWriteVenue } from '../helpers/write-venue.js';
import { parseJson } from '../../src/util/json.js';

const v = useWriteVenue();
const { run, direct, fresh, restingBid, place, stall } = v;

test('a legacy place whose answer is lost is matched by pair, side, price, size and time, and says how sure', async () => {
  fresh();
  const bid = await restingBid();
  stall({ method: 'POST', path: '/v2/orders', fault: { kind: 'lose' } });
  const r = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.013', '--price', bid, '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(v.proxy().count('POST', '/v2/orders'), 1, 'sent once');
  assert.match(r.stderr, /legacy order place: outcome unknown: .*one order \(\d+\) matches on symbol, side, price, original_amount and was created while the request was out: likely ours, not proven/);
  assert.match(r.stderr, /hint: check with: bm legacy order list BTC_USDT --status 5/);

  fresh();
  stall({ method: 'POST', path: '/v2/orders', fault: { kind: 'hang' } });
  const none = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.017', '--price', bid, '--yes');
  assert.equal(none.code, 11, none.stderr);
  assert.match(none.stderr, /no order matches on symbol, side, price, original_amount in that time: likely not placed, not proven/);
});

test('legacy writes go through the same pipeline: confirmation, dry run, cancel sent again then proven', async () => {
  fresh();
  const no = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', '1000');
  assert.equal(no.code, 2);
  assert.match(no.stderr, /add --yes to confirm: Place a buy limit order for 0\.01 BTC_USDT at 1000 \(legacy\)/);
  const dry = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', '1000', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/v2\/orders\n[\s\S]*x-bm-signature: \[redacted\]\n\n\{"amount":"0\.01","price":"1000","side":"buy","symbol":"BTC_USDT"\}/);
  assert.equal(v.proxy().count('POST', '/v2/orders'), 0, 'a dry run sends no write');
  const placed = await direct('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', await restingBid(), '--yes');
  assert.equal(placed.code, 0, placed.stderr);
  const id = placed.stdout.trim();
  stall({ method: 'DELETE', path: `/v2/orders/${id}`, times: 1, fault: { kind: 'hang' } });
  const c = await run('legacy', 'order', 'cancel', id, '--yes');
  assert.equal(c.code, 0, c.stderr);
  assert.equal(v.proxy().count('DELETE', `/v2/orders/${id}`), 2);
  assert.match(c.stderr, /sending it again, as it is safe to repeat/);
});

test('a command with nothing hand-written about safety (contract order): confirmed, a numeric custom id, unknown without a read', async () => {
  fresh();
  const args = ['contract', 'order', '--contract-id', '1', '--category', '1', '--way', '1', '--open-type', '1', '--leverage', '10', '--price', '30000', '--vol', '1'];
  const no = await run(...args);
  assert.equal(no.code, 2);
  assert.match(no.stderr, /add --yes to confirm: Submit contract order: contract 1, way 1, 1 contracts at 30000, leverage 10, custom id \d+/);
  const dry = await run(...args, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /"custom_id":\d{13,}\}/, 'a numeric id, sent as a number');
  stall({ method: 'POST', path: '/contract/v1/ifcontract/submitOrder', fault: { kind: 'hang' } });
  const r = await run(...args, '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(v.proxy().count('POST', '/contract/v1/ifcontract/submitOrder'), 1, 'sent once: there is no read to look it up with');
  assert.match(r.stderr, /contract order: outcome unknown: .*there is no read to look it up with[\s\S]*hint: bm has no read for POST \/contract\/v1\/ifcontract\/submitOrder: check at the venue before sending it again/);
});

test('cancel-all across pairs: an unknown pair is exit 11 naming its check; a refused pair stops the rest after saying what was done', async () => {
  const eth = parseJson((await direct('ticker', 'ETH_USDT', '--json')).stdout) as { tickers: Array<{ last_price: string }> };
  const ethBid = String((BigInt(eth.tickers[0]!.last_price.split('.')[0]!) * 8n) / 10n);
  const restBoth = async () => {
    await place(`all${Date.now().toString(36)}`);
    const r = await direct('order', 'place', 'ETH_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.1', '--price', ethBid, '--yes');
    assert.equal(r.code, 0, r.stderr);
  };
  /** The second pair's cancel (whichever pair comes second), and its repeat, meet `fault`. */
  const second = (fault: Fault) => {
    let n = 0;
    stall({ method: 'POST', path: '/spot/v1/cancel_orders', when: () => ++n >= 2, fault });
  };
  await restBoth();
  fresh();
  second({ kind: 'hang' });
  const hung = await run('order', 'cancel-all', '--yes', '-o', 'tsv');
  assert.equal(hung.code, 11, hung.stderr);
  assert.match(hung.stdout, /^(BTC_USDT|ETH_USDT)\tboth\tcancelled\n(BTC_USDT|ETH_USDT)\tboth\tunknown\n$/);
  assert.match(hung.stderr, /order cancel-all: the outcome is unknown on 1 of 2 pairs[\s\S]*hint: check with: bm order list (BTC_USDT|ETH_USDT) --limit 100 --status 9/);

  await restBoth();
  fresh();
  second({ kind: 'reply', answer: envelope(400, 50000, 'Bad Request') });
  const refused = await run('order', 'cancel-all', '--yes', '-o', 'tsv');
  assert.equal(refused.code, 6, refused.stderr);
  assert.match(refused.stdout, /^(BTC_USDT|ETH_USDT)\tboth\tcancelled\n$/, 'the pair done before the refusal is said');
});
