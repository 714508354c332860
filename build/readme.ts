// Rewrites README's generated tables from the catalogue: `npm run readme`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fillSections, readmeSections } from '../src/commands/help/readme.js';

const text = readFileSync('README.md', 'utf8');
const next = fillSections(text, readmeSections());
if (next !== text) writeFileSync('README.md', next);
process.stderr.write(next === text ? 'README.md is up to date\n' : 'README.md tables rewritten\n');
