import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readSettings } from '../../../src/config/settings.js';
import { profileProblems, urlProblem } from '../../../src/config/profile-check.js';
import { BmError } from '../../../src/errors.js';

function withConfig(text: string): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'bm-cfg-'));
  mkdirSync(join(home, 'bm'), { recursive: true });
  writeFileSync(join(home, 'bm', 'config.json'), text);
  return { XDG_CONFIG_HOME: home, HOME: home };
}

function refused(text: string, pattern: RegExp): void {
  assert.throws(() => readSettings(withConfig(text)), (e: unknown) => e instanceof BmError && e.category === 'config' && /config\.json/.test(e.message) && pattern.test(e.message), text);
}

test('valid JSON of the wrong shape is refused naming the file (exit 5), never read as empty', () => {
  refused('[1,2]', /JSON object/);
  refused('"x"', /JSON object/);
  refused('{"profiles":[1]}', /"profiles" is not an object/);
  refused('{"profiles":{"a":{"venue":"nonsense"}}}', /profile 'a': venue "nonsense"/);
  refused('{"profiles":{"a":{"venue":"custom","baseUrl":""}}}', /baseUrl is empty/);
  refused('{"profiles":{"a":{"venue":"custom","baseUrl":"ftp://x"}}}', /baseUrl must start with http/);
  refused('{"profiles":{"a":{"venue":"custom","baseUrl":"https://a\\nb"}}}', /newline/);
  refused('{"profiles":{"a":{"venue":"custom"}}}', /no baseUrl/);
  assert.deepEqual(readSettings(withConfig('{"profiles":{"a":{"venue":"custom","baseUrl":"https://api.example.com"}}}')).profiles.a, { venue: 'custom', baseUrl: 'https://api.example.com' });
  assert.deepEqual(readSettings(withConfig('{}')).profiles, {});
});

test('addresses: the schemes each setting takes, no whitespace, a host', () => {
  assert.equal(urlProblem('https://api.example.com', ['http:', 'https:']), undefined);
  assert.match(urlProblem('wss://x', ['http:', 'https:'])!, /http/);
  assert.match(urlProblem('http//x', ['http:'])!, /not a URL/);
  assert.match(urlProblem('http://a b', ['http:'])!, /space/);
  assert.deepEqual(profileProblems({ venue: 'sandbox' }), []);
  assert.deepEqual(profileProblems({ venue: 'custom', baseUrl: 'https://a', wsUrl: 'https://a' }), ['wsUrl must start with ws:// or wss://']);
});
