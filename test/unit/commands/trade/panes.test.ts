// The trades pane keeps each trade's line while its columns keep their width: whatever arrives, the
// pane must be the one a state seeing those trades for the first time draws.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyTicker, applyTrade } from '../../../../src/commands/trade/apply.js';
import { TradeScreen } from '../../../../src/commands/trade/screen.js';
import { TradesPane } from '../../../../src/commands/trade/panes.js';
import { fixtureState, NOW } from './fixture.js';

for (const [w, color] of [[40, true], [40, false], [31, true]] as const) {
  test(`trade after trade (a longer price, a size with more decimals), the pane is the one drawn afresh (${w} wide, colour ${color})`, () => {
    const s = fixtureState();
    const trades = new TradesPane();
    const prices = ['30000.01', '30000.5', '29999.99', '30001.125', '130000.25', '30000.00'];
    let kept = 0;
    let last: string[] = [];
    for (let k = 0; k < 30; k++) {
      applyTrade(s, { price: prices[k % prices.length], size: k === 20 ? '0.000001' : `0.0${k % 9 + 1}`, side: k % 3 ? 'buy' : 'sell', s_t: NOW / 1000 + k });
      const t = fixtureState();
      t.market.trades = s.market.trades.map((x) => ({ ...x }));
      const pane = trades.draw(s, w, 29, color);
      assert.deepEqual(pane, new TradesPane().draw(t, w, 29, color), `trade ${k}`);
      kept += pane.filter((l) => last.includes(l)).length;
      last = pane;
    }
    // Most pushes only added a line: the others were kept.
    assert.ok(kept > 30 * 10, `lines kept: ${kept}`);
  });
}

test('the banner is kept between ticker pushes and made again by each push, the width or the colour', () => {
  const s = fixtureState();
  const screen = new TradeScreen();
  const banner = screen.banner.bind(screen);
  const first = banner(s, 120, true);
  assert.equal(banner(s, 120, true), first, 'no push: the same line');
  applyTicker(s, { last_price: '30100.50', open_24h: '29500.00', high_24h: '30412.10', low_24h: '29380.55', base_volume_24h: '1234.56789' });
  assert.match(banner(s, 120, true), /last 30100\.50\x1b\[32m {2}\+2\.03%/, 'a push: the new price');
  const plain = banner(s, 120, false);
  assert.match(plain, /last 30100\.50 {2}\+2\.03%/);
  assert.doesNotMatch(plain, /\x1b/);
  assert.equal(banner(s, 60, false).length, 60);
});
