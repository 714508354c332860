// `bm sandbox serve` ends on a signal as every command does: only the built binary, a process of its own
// sent a real signal, shows the exit code a shell or a supervisor sees.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bmStart, isolatedEnv } from '../helpers/bm.js';

test('sandbox serve: Ctrl-C is exit 130 as everywhere; SIGTERM, the asked-for stop, exit 0', async () => {
  for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 0]] as const) {
    const serve = bmStart(['sandbox', 'serve', '--port', '0'], isolatedEnv());
    await serve.waitFor(/^listening http:\/\/\S+\n/);
    serve.signal(sig);
    const r = await serve.done;
    assert.equal(r.code, code, `${sig}: ${r.stderr}`);
    if (sig === 'SIGINT') assert.match(r.stderr, /error: interrupted: the sandbox stopped\n/);
  }
});
