// A node:test reporter that runs beside the default one: a line with each test file's wall time
// as the file ends, and the ten slowest files when the run ends.
import { sourceOf } from './loader/mirror.mjs';

/** How many of the slowest files the closing table lists. */
const SLOWEST = 10;

/** The module that declares a pooled file's test (test/loader/pool.mjs, in the mirror). */
const POOL = /[\\/]test[\\/]loader[\\/]pool\.mjs$/;
/** A pool's own file (test/run.mjs writes them): its time is its files'. */
const GROUP = /[\\/]\.pool[\\/][a-z]+-\d+\.test\.js$/;

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

export default async function* timings(source) {
  const done = [];
  for await (const event of source) {
    const d = event.data;
    // A file run alone: its process's own test is named by its path; its completion carries the file's wall
    // time. A file run in a pool (test/loader/pool.mjs) is a test of the pool's suite, named by its source.
    // (A test's file is where it was declared: for a pooled file's, the pool's module.)
    if (event.type !== 'test:complete' || !d?.file) continue;
    const pooled = d.nesting === 1 && POOL.test(d.file) && d.name.endsWith('.test.ts');
    if (!pooled && (d.name !== d.file || GROUP.test(d.file))) continue;
    // The files run are the mirror's JavaScript (test/loader/mirror.mjs): named by their sources.
    const file = pooled ? d.name : sourceOf(d.file);
    const ms = d.details?.duration_ms ?? 0;
    done.push({ file, ms });
    yield `# time ${seconds(ms)}  ${file}${d.details?.passed === false ? '  (failed)' : ''}\n`;
  }
  if (!done.length) return;
  const slowest = done.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  yield `# slowest ${slowest.length} of ${done.length} test files:\n${slowest.map((t) => `#   ${seconds(t.ms)}  ${t.file}\n`).join('')}`;
}
