// A config dir or file others can write could point signed requests anywhere: bm (run in this process)
// refuses to sign (exit 5, the chmod in the hint) and nothing reaches the venue, while public reads
// go on with a warning. The fault proxy in front of the sandbox counts what arrived.
import assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { startVenue, type Venue } from '../helpers/venue.js';

let venue: Venue;
let env: Record<string, string>;
let cfg = '';
const TEST_GET = '/spot/v1/test-get';

before(async () => {
  venue = await startVenue();
  const a = venue.account();
  env = isolatedEnv({ NO_COLOR: '1' });
  cfg = join(env.XDG_CONFIG_HOME!, 'bm');
  const r = await runBm(['profile', 'add', 'main', '--base-url', venue.url, '--insecure-storage'], env, `${a.key}\n${a.secret}\n${a.memo}\n`);
  assert.equal(r.code, 0, r.stderr);
});
after(() => venue.close());

/** Runs a signed command with the config as it is: refused with exit 5 and `fix` in the hint, nothing sent. */
async function refused(fix: string, extra: Record<string, string> = {}): Promise<void> {
  const before = [venue.proxy.count('GET', TEST_GET), venue.proxy.count('GET', '/spot/v1/wallet')];
  for (const args of [['sign-test', 'get'], ['wallet'], ['profile', 'test', 'main']]) {
    const r = await runBm(args, { ...env, ...extra });
    assert.equal(r.code, 5, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /bm signs nothing until it is fixed/);
    assert.ok(r.stderr.includes(fix), r.stderr);
  }
  assert.deepEqual([venue.proxy.count('GET', TEST_GET), venue.proxy.count('GET', '/spot/v1/wallet')], before, 'nothing signed reached the venue');
}

test('a config dir others can write: signed commands refused, nothing sent; public reads go on with a warning; doctor says so', async () => {
  chmodSync(cfg, 0o777);
  try {
    await refused(`chmod 700 ${cfg}`);
    // Credentials from the environment are refused too: the settings still say where requests go.
    await refused(`chmod 700 ${cfg}`, { BM_API_KEY: 'k', BM_API_SECRET: 's', BM_API_MEMO: 'm' });
    const tickers = venue.proxy.count('GET', '/spot/v1/ticker');
    const pub = await runBm(['ticker', 'BTC_USDT'], env);
    assert.equal(pub.code, 0, pub.stderr);
    assert.match(pub.stderr, new RegExp(`warning: ${cfg} is writable by group and others \\(mode 777\\): signed commands are refused`));
    assert.equal(pub.stderr.match(/warning: /g)?.length, 1, `said once: ${pub.stderr}`);
    assert.equal(venue.proxy.count('GET', '/spot/v1/ticker'), tickers + 1);
    const doc = await runBm(['doctor', '-o', 'json'], { ...env, BM_KEYCHAIN_TIMEOUT: '2000' });
    assert.equal(doc.code, 5, doc.stderr);
    const config = (JSON.parse(doc.stdout) as Array<{ check: string; status: string; detail: string; fix: string }>).find((c) => c.check === 'config')!;
    assert.equal(config.status, 'fail');
    assert.match(config.detail, /signed commands are refused/);
    assert.equal(config.fix, `chmod 700 ${cfg}`);
  } finally {
    chmodSync(cfg, 0o700);
  }
});

test('a settings file others can write: refused with chmod 600; once fixed, signing works again', async () => {
  const file = join(cfg, 'config.json');
  chmodSync(file, 0o666);
  try {
    await refused(`chmod 600 ${file}`);
  } finally {
    chmodSync(file, 0o600);
  }
  const sent = venue.proxy.count('GET', TEST_GET);
  const r = await runBm(['sign-test', 'get'], env);
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /warning/);
  assert.equal(venue.proxy.count('GET', TEST_GET), sent + 1);
});
