// The baseline of bench/sandbox-load.bench.mjs: a bare node:http server answering every request with
// the payload in argv[2] (the sandbox's own ticker answer), as its own process. Prints `listening <port>`.
import { createServer } from 'node:http';

const body = Buffer.from(process.argv[2] ?? '{}');
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
