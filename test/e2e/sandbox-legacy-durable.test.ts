// A legacy write is answered by the server after the state is on disk, as current-generation writes
// are (the legacy routes return data; the server saves, then answers).
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { legacyClientSecret, legacySignature } from '../../src/util/signing.js';
import { startServer } from '../../src/sandbox/server/server.js';
import { loadState } from '../../src/sandbox/exchange/state.js';
import { newAccount } from '../helpers/signed.js';

test('a legacy order is in the saved state when its answer arrives', async () => {
  const statePath = join(mkdtempSync(join(tmpdir(), 'bm-legacy-')), 'state.json');
  const s = await startServer({ port: 0, seed: 3, statePath });
  try {
    const acct = await newAccount(s.url, { deposit: { USDT: '10000' } });
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: acct.key, client_secret: legacyClientSecret(acct.key, acct.secret, acct.memo) });
    const tok = await fetch(`${s.url}/v2/authentication`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    assert.equal(tok.status, 200);
    const { access_token } = (await tok.json()) as { access_token: string };
    const order = { amount: '0.01', price: '1000', side: 'buy', symbol: 'BTC_USDT' };
    const res = await fetch(`${s.url}/v2/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json', 'x-bm-authorization': `Bearer ${access_token}`, 'x-bm-timestamp': String(Date.now()),
        'x-bm-signature': legacySignature(acct.secret, Object.entries(order)),
      },
      body: JSON.stringify(order),
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const id = /"entrust_id":\s*"?([0-9]+)/.exec(text)![1]!;
    // Read at once, before anything else could save: the order is already there.
    const saved = loadState(statePath)!;
    assert.ok(saved.orders.some((o) => o.id === id), `order ${id} not in the saved state`);
    const missing = await fetch(`${s.url}/v2/nothing`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { message: 'Not found' });
  } finally {
    await s.close();
  }
});
