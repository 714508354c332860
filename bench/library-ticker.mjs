// A program using the library for one ticker read (library.bench.mjs times it as a whole process).
import { Client } from '../dist/lib/index.js';

const t = await new Client({ baseUrl: process.argv[2] }).ticker({ symbol: 'BTC_USDT' });
process.stdout.write(`${t.tickers[0].last_price}\n`);
