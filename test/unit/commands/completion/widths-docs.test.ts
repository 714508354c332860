import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseWidth, widthWord } from '../../../../src/api/catalogue/widths.js';
import { INTERVALS } from '../../../../src/commands/completion/values.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

test('candle widths are written one way: docs, examples and completion use the canonical word (1h, 1d, 1w; 1M a month)', () => {
  for (const w of INTERVALS) assert.equal(widthWord(parseWidth(w)!), w, `completion offers ${w}`);
  let seen = 0;
  for (const file of DOCS) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/--(?:step|interval) <?((?:[0-9]+[a-zA-Z]?(?:\\?\||\b))+)/g)) {
      for (const w of m[1]!.split(/\\?\|/).filter((x) => /^[0-9]+[a-zA-Z]$/.test(x))) {
        seen++;
        assert.equal(w, widthWord(parseWidth(w)!), `${file}: '${m[0]}' writes ${w}`);
      }
    }
  }
  assert.ok(seen >= 10, `widths found in the docs: ${seen}`);
});
