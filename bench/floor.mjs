// The floor of a one-shot: a bare node:http GET of one ticker, printing its last price.
import { get } from 'node:http';

get(`${process.argv[2]}/spot/v1/ticker?symbol=BTC_USDT`, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (body += c));
  res.on('end', () => {
    const m = /"last_price":"([^"]*)"/.exec(body);
    process.stdout.write(`${m ? m[1] : body.slice(0, 80)}\n`);
  });
});
