// The trades pane keeps each trade's line while its columns keep their width: whatever arrives, the
// pane must be the one a state seeing those trades for the first time draws.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyTrade } from '../../../src/commands/trade/apply.js';
import { tradesPane } from '../../../src/commands/trade/panes.js';
import { fixtureState, NOW } from './fixture.js';

for (const [w, color] of [[40, true], [40, false], [31, true]] as const) {
  test(`trade after trade (a longer price, a size with more decimals), the pane is the one drawn afresh (${w} wide, colour ${color})`, () => {
    const s = fixtureState();
    const prices = ['30000.01', '30000.5', '29999.99', '30001.125', '130000.25', '30000.00'];
    let kept = 0;
    let last: string[] = [];
    for (let k = 0; k < 30; k++) {
      applyTrade(s, { price: prices[k % prices.length], size: k === 20 ? '0.000001' : `0.0${k % 9 + 1}`, side: k % 3 ? 'buy' : 'sell', s_t: NOW / 1000 + k });
      const t = fixtureState();
      t.market.trades = s.market.trades.map((x) => ({ ...x }));
      const pane = tradesPane(s, w, 29, color);
      assert.deepEqual(pane, tradesPane(t, w, 29, color), `trade ${k}`);
      kept += pane.filter((l) => last.includes(l)).length;
      last = pane;
    }
    // Most pushes only added a line: the others were kept.
    assert.ok(kept > 30 * 10, `lines kept: ${kept}`);
  });
}
