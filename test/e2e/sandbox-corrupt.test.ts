// Corrupt or foreign sandbox state files: a clear error naming the file and what to do, exit 5.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Exchange } from '../../src/sandbox/exchange/exchange.js';
import { ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

test('sandbox serve refuses a damaged or foreign state file with exit 5, naming it', async () => {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'bm-state-'));
  const cases: Array<[string, RegExp]> = [
    ['not json', /unreadable state/],
    ['[1,2]', /not a sandbox state/],
    ['{"version":1}', /"seed" is not a number/],
    ['{"version":1,"seed":1,"genesis":0,"nextId":"1","nextAccount":1,"ledger":{},"orders":[],"fills":[],"sim":{},"tapes":{}}', /"accounts" is not an array/],
  ];
  for (const [i, [text, pattern]] of cases.entries()) {
    const file = join(dir, `s${i}.json`);
    writeFileSync(file, text);
    const r = await runBm(['sandbox', 'serve', '--state', file], isolatedEnv());
    assert.equal(r.code, 5, `${text}: ${r.stderr}`);
    assert.ok(r.stderr.includes(file), r.stderr);
    assert.match(r.stderr, pattern);
    assert.doesNotMatch(r.stderr, /bug/);
  }
});

test('a foreign background sandbox state: a command fails with exit 5 naming the file, no bug report', async () => {
  const env = isolatedEnv();
  const home = join(env.XDG_STATE_HOME!, 'bm', 'sandbox');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'state.json'), '{"version":1,"accounts":{}}');
  const r = await runBm(['ticker', 'BTC_USDT'], env);
  assert.equal(r.code, 5, r.stderr);
  assert.ok(r.stderr.includes(join(home, 'state.json')), r.stderr);
  assert.match(r.stderr, /bm sandbox reset --yes/);
  assert.doesNotMatch(r.stderr, /bug/);
});

test('a state file that breaks a rule (a negative balance) is refused at start with exit 5 naming it and the rule, never mended', async () => {
  const ex = new Exchange({ seed: 2 });
  const a = ex.createAccount({ USDT: '100', BTC: '1' });
  const state = JSON.parse(JSON.stringify(ex.snapshot())) as { ledger: Record<string, Record<string, { available: string }>> };
  state.ledger[a.id]!.USDT!.available = '-100';
  const text = JSON.stringify(state);
  const file = join(mkdtempSync(join(tmpdir(), 'bm-state-')), 'state.json');
  writeFileSync(file, text);
  const r = await runBm(['sandbox', 'serve', '--state', file], isolatedEnv());
  assert.equal(r.code, 5, r.stderr);
  assert.ok(r.stderr.includes(file), r.stderr);
  assert.match(r.stderr, new RegExp(`account ${a.id} has a negative USDT balance \\(available -100\\)`));
  assert.equal(readFileSync(file, 'utf8'), text, 'the file is left as it was');

  // The background sandbox a command starts refuses it the same way.
  const env = isolatedEnv();
  const home = join(env.XDG_STATE_HOME!, 'bm', 'sandbox');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'state.json'), text);
  const cmd = await runBm(['ticker', 'BTC_USDT'], env);
  assert.equal(cmd.code, 5, cmd.stderr);
  assert.match(cmd.stderr, /negative USDT balance/);
  assert.equal(readFileSync(join(home, 'state.json'), 'utf8'), text);
});
