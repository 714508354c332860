// Matching-engine throughput in process: orders placed per second against a book of `levels` price
// levels (half a side, one cent apart), nine limit orders in ten and one market order in ten,
// alternately selling and buying. Half the limit orders open the level next to the best one of their
// side, half join a random level; each market order takes as many lots as were opened on its side
// since, so the book keeps its levels while queues grow. Limit orders come from `accounts` accounts in turn.
// Run as `node bench/engine-orders.mjs LEVELS ACCOUNTS ORDERS`: prints one JSON line. BM_ENGINE_SRC
// points it at another checkout's `src` (to compare engines on the same machine in the same minute).
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';

register();
const src = process.env.BM_ENGINE_SRC ? `${pathToFileURL(process.env.BM_ENGINE_SRC).href}/` : new URL('../src/', import.meta.url).href;
const { Engine } = await import(`${src}sandbox/engine/engine.ts`);
const { Ledger } = await import(`${src}sandbox/engine/ledger.ts`);

/** Cents of a resting order's price (ticks when the engine keeps them, else read from its text). */
function cents(o) {
  if (typeof o.px === 'number') return o.px;
  const [int, frac = ''] = o.price.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}

/** Price levels on one side (engines without a depth count give none). */
const depth = (book, side) => (typeof book.depth === 'function' ? book.depth(side) : Number.NaN);

export function engineRun(levels, accounts, orders) {
  const ledger = new Ledger();
  let id = 183347420821295423n;
  const engine = new Engine(ledger, { nextId: () => String(id++), trade() {}, order() {}, book() {}, internal: () => false });
  const names = Array.from({ length: accounts }, (_, i) => `a${i}`);
  for (const a of [...names, 'maker', 'taker']) {
    ledger.deposit(a, 'USDT', '1000000000000');
    ledger.deposit(a, 'BTC', '10000000');
  }
  const half = levels / 2;
  // Bids from 59999.99 down, asks from 60000.01 up, one cent apart.
  const price = (buy, k) => {
    const cents = buy ? 5999999 - k : 6000001 + k;
    return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  };
  for (let k = 0; k < half; k++) {
    engine.place('maker', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: price(true, k), size: '0.01' }, 0);
    engine.place('maker', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: price(false, k), size: '0.01' }, 0);
  }
  let seed = 7;
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const added = { buy: 0, sell: 0 };
  const book = engine.book('BTC_USDT');
  let sell = true;
  let levelSum = 0;
  const t0 = performance.now();
  for (let i = 0; i < orders; i++) {
    if (i % 10 === 9) {
      // Take from the side the limit orders were added to: sells hit bids, buys lift asks.
      const side = sell ? 'buy' : 'sell';
      const lots = Math.max(1, added[side]);
      // (one lot when nothing was opened: the market order still trades)
      added[side] = 0;
      const size = `${Math.floor(lots / 100)}.${String(lots % 100).padStart(2, '0')}`;
      if (sell) engine.place('taker', { symbol: 'BTC_USDT', side: 'sell', type: 'market', size }, 1);
      else {
        const best = book.bestAgainst('buy');
        const notional = best ? String(Math.ceil((cents(best) * lots) / 10000)) : '10';
        engine.place('taker', { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional }, 1);
      }
      sell = !sell;
      levelSum += depth(book, 'buy') + depth(book, 'sell');
    } else {
      const buy = rnd() < 0.5;
      const best = book.bestAgainst(buy ? 'sell' : 'buy');
      const top = best ? Math.abs(cents(best) - (buy ? 5999999 : 6000001)) : half;
      const open = rnd() < 0.5 && top > 0;
      if (open) added[buy ? 'buy' : 'sell']++;
      const k = open ? top - 1 : Math.floor(rnd() * half);
      engine.place(names[i % accounts], { symbol: 'BTC_USDT', side: buy ? 'buy' : 'sell', type: 'limit', price: price(buy, k), size: '0.01' }, 1);
    }
  }
  const ms = performance.now() - t0;
  return { levels, accounts, orders, perSecond: Math.round((orders / ms) * 1000), meanLevels: Math.round(levelSum / (orders / 10)) || null };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [levels = 1000, accounts = 1, orders = 200000] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(engineRun(levels, accounts, orders)));
}
