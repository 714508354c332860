// The watchlist kept per profile in the settings file: written under the config lock beside the
// profiles (never disturbing them), read back per profile name (`-` without one), refused when malformed.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { keepWatchlist, keptWatchlist, NO_PROFILE } from '../../../../src/commands/trade/watchlist-store.js';
import { readSettings } from '../../../../src/config/settings.js';
import { changeSettings } from '../../../../src/profiles/change.js';

const tempEnv = () => ({ BM_CONFIG_DIR: join(mkdtempSync(join(tmpdir(), 'bm-watch-')), 'bm') });

test('each profile keeps its own watchlist; the profiles and the current one are left as they were', async () => {
  const env = tempEnv();
  await changeSettings(env, (s) => {
    s.profiles.main = { venue: 'sandbox' };
    s.currentProfile = 'main';
  });
  assert.equal(keptWatchlist(env, 'main'), undefined, 'none kept yet: the default is the caller\'s');
  await keepWatchlist(env, 'main', ['BTC_USDT', 'ETH_USDT']);
  await keepWatchlist(env, undefined, ['SOL_USDT']);
  await keepWatchlist(env, 'main', ['ETH_USDT']);
  assert.deepEqual(keptWatchlist(env, 'main'), ['ETH_USDT']);
  assert.deepEqual(keptWatchlist(env, undefined), ['SOL_USDT']);
  const s = readSettings(env);
  assert.deepEqual([s.currentProfile, s.profiles, s.watchlists], ['main', { main: { venue: 'sandbox' } }, { main: ['ETH_USDT'], [NO_PROFILE]: ['SOL_USDT'] }]);
  // A change of the profiles keeps the watchlists.
  await changeSettings(env, (x) => void (x.profiles.other = { venue: 'sandbox' }));
  assert.deepEqual(JSON.parse(readFileSync(join(env.BM_CONFIG_DIR, 'config.json'), 'utf8')).watchlists, { main: ['ETH_USDT'], '-': ['SOL_USDT'] });
});

test('a settings file whose watchlists are not lists of pairs is refused, naming the file', async () => {
  const env = tempEnv();
  await keepWatchlist(env, 'main', ['BTC_USDT']);
  writeFileSync(join(env.BM_CONFIG_DIR, 'config.json'), JSON.stringify({ profiles: {}, watchlists: { main: 'BTC_USDT' } }));
  assert.throws(() => keptWatchlist(env, 'main'), /config\.json: "watchlists" is not an object of lists of pairs/);
});
