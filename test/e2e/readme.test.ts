/**
 * README's quick start, as a newcomer pastes it: every line run as written through a shell, with `bm` on the
 * PATH as `npm link` puts it there (a link to bin/bm.js), in a home of its own, so the background sandbox it
 * starts and its paper account are this test's.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN, ensureBuilt, isolatedEnv, ROOT, runAsync } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

/** The quick start's command lines, comments and blank lines left out. */
function quickStart(): string[] {
  const block = /<!-- quick-start -->\n```sh\n([\s\S]*?)```\n<!-- \/quick-start -->/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  assert.ok(block, 'README.md has a quick start between <!-- quick-start --> markers');
  return block[1]!.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}

test('every line of the README quick start runs as written and exits 0; the order it places is listed open', async (t) => {
  ensureBuilt();
  const linked = mkdtempSync(join(tmpdir(), 'bm-link-'));
  symlinkSync(BIN, join(linked, 'bm'));
  const env = isolatedEnv();
  env.PATH = `${linked}:${env.PATH ?? ''}`;
  t.after(async () => void (await runBm(['sandbox', 'stop'], env)));
  const lines = quickStart();
  assert.ok(lines.length >= 5, 'the quick start shows at least five commands');
  const out = new Map<string, string>();
  for (const [i, line] of lines.entries()) {
    const r = await runAsync('sh', ['-c', line], { cwd: ROOT, env, timeoutMs: 120_000 });
    assert.equal(r.code, 0, `quick start line ${i + 1} failed: ${line}\nexit ${r.code}\n${r.stdout}${r.stderr}`);
    if (i === 0) assert.match(r.stderr, /sandbox/, 'the first command says on stderr that it started the sandbox');
    out.set(line, r.stdout);
  }
  const place = lines.find((l) => / order place /.test(l));
  const list = lines.find((l) => / order list .*--json/.test(l));
  assert.ok(place && list, 'the quick start places an order and lists the open ones as JSON');
  // Piped, `order place` prints order_id and client_order_id as tab-separated values.
  const [orderId, clientOrderId] = out.get(place)!.trim().split('\t');
  assert.match(orderId!, /^\d+$/);
  assert.doesNotThrow(() => JSON.parse(out.get(list)!), 'order list --json prints JSON');
  assert.ok(out.get(list)!.includes(`"${clientOrderId!}"`), `the open orders list the order placed (${clientOrderId!})`);
});
