// `npm run bench`: runs every bench/*.bench.mjs in turn (each prints its own table).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.mjs') && (!only.length || only.some((o) => f.includes(o)))).sort();
let failed = 0;
for (const f of files) {
  process.stdout.write(`\n## ${f}\n`);
  const r = spawnSync(process.execPath, [`bench/${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
