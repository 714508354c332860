/**
 * README is a front page and docs/ holds the guides: generated sections match their sources (the catalogue,
 * the help topics, the terminal's key tables), links between them resolve, and no page cites a section of a
 * spec the reader does not have.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { docSections, fillSections } from '../../src/commands/tree/docs.js';
import { GUIDES, plainText } from '../../src/commands/help/guides.js';
import { TOPICS } from '../../src/commands/topic-names.js';
import { tradeKeyRows } from '../../src/commands/tree/trade-keys.js';
import { KEYS } from '../../src/commands/trade/keys.js';
import { ROOT } from '../helpers/bm.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

test('README is a front page: at most 200 lines, with its quick start, its bot and a way into every guide', () => {
  const readme = read('README.md');
  const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
  assert.ok(lines <= 200, `README.md has ${lines} lines; the front page holds 200 at most (move the rest to docs/)`);
  assert.match(readme, /<!-- quick-start -->\n```sh\n[\s\S]+?```\n<!-- \/quick-start -->/);
  assert.match(readme, /<!-- library-bot -->/);
  assert.match(readme, /^npm ci {2,}# /m, 'README gives the install command CI runs');
  assert.match(readme, /^npm test {2,}# /m, 'README gives the test command CI runs');
  for (const page of pages.filter((p) => p !== 'README.md')) assert.ok(readme.includes(`](${page})`), `README links ${page}`);
});

test('every generated section of docs/ is current (npm run readme rewrites them)', () => {
  const files = docSections();
  assert.deepEqual(Object.keys(files).sort(), ['docs/algo.md', 'docs/bots.md', 'docs/commands.md', 'docs/library.md', 'docs/profiles.md', 'docs/sandbox.md', 'docs/scripting.md', 'docs/trade.md', 'docs/writes.md']);
  for (const [file, sections] of Object.entries(files)) {
    const text = read(file);
    for (const [name, body] of Object.entries(sections)) {
      assert.ok(text.includes(`<!-- generated:${name} -->\n${body}<!-- /generated:${name} -->`), `${file}: generated:${name} is stale: run npm run readme`);
    }
    assert.equal(fillSections(text, sections, file), text);
  }
});

test('a help topic and its docs section come from one source: every guide topic is a help topic and the reverse', () => {
  const tables = ['environment', 'exit-codes', 'output', 'errors', 'vocabulary', 'limits', 'trade-keys'];
  assert.deepEqual([...TOPICS].filter((t) => !tables.includes(t)).sort(), Object.keys(GUIDES).sort());
  for (const [topic, guide] of Object.entries(GUIDES)) {
    assert.ok(docSections()[guide.doc]![`topic:${topic}`] === guide.text, topic);
    assert.doesNotMatch(plainText(guide.text), /[`*]/, `${topic}: the terminal text keeps no markdown marks`);
  }
});

test("the trade-keys table is the terminal's key tables: every binding once, with its label and what it does", () => {
  const rows = tradeKeyRows();
  assert.equal(rows.length, Object.values(KEYS).flat().length);
  assert.ok(rows.some((r) => r.where === 'screen' && r.key === 'b' && /buy/.test(String(r.does))));
  assert.ok(rows.some((r) => r.where === 'order confirmation' && r.key === 'y'));
  assert.match(read('docs/trade.md'), /\| screen \| C \| cancel all orders of the pair \(y confirms\) \|/);
});

test('links between README and docs/ resolve, and no page cites a numbered spec section', () => {
  for (const page of pages) {
    const text = read(page);
    assert.doesNotMatch(text, /\bspec(?:'s)? (?:section )?\d+\.\d+/i, `${page} cites a spec section: say what the rule is`);
    for (const m of text.matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)) {
      const target = join(dirname(join(ROOT, page)), m[1]!);
      assert.ok(existsSync(target), `${page} links ${m[1]}, which does not exist`);
      if (m[2]) {
        const anchors = [...read(target.slice(ROOT.length + 1)).matchAll(/^#+ (.+)$/gm)].map((h) => `#${h[1]!.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')}`);
        assert.ok(anchors.includes(m[2]), `${page} links ${m[1]}${m[2]}, a heading it does not have`);
      }
    }
  }
});
