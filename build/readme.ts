// Rewrites the generated sections of docs/ (tables from the catalogue, the help topics' text, the library
// reference): `npm run readme`. A test fails when a copy is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { docSections, fillSections } from '../src/commands/tree/docs.js';
import { withReference } from '../src/lib/reference.js';

const LIBRARY = 'docs/library.md';
const files = docSections();
for (const file of new Set([...Object.keys(files), LIBRARY])) {
  const text = readFileSync(file, 'utf8');
  let next = fillSections(text, files[file] ?? {}, file);
  if (file === LIBRARY) next = withReference(next);
  if (next !== text) writeFileSync(file, next);
  process.stderr.write(next === text ? `${file} is up to date\n` : `${file}: generated sections rewritten\n`);
}
