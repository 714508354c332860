// A node:test reporter that runs beside the default one: a line with each test file's wall time
// as the file ends, and the ten slowest files when the run ends.
import { sourceOf } from './loader/mirror.mjs';

/** How many of the slowest files the closing table lists. */
const SLOWEST = 10;

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

export default async function* timings(source) {
  const done = [];
  for await (const event of source) {
    const d = event.data;
    // A file's own test is named by its path; its completion carries the file's wall time.
    if (event.type !== 'test:complete' || !d?.file || d.name !== d.file) continue;
    // The files run are the mirror's JavaScript (test/loader/mirror.mjs): named by their sources.
    const file = sourceOf(d.file);
    const ms = d.details?.duration_ms ?? 0;
    done.push({ file, ms });
    yield `# time ${seconds(ms)}  ${file}${d.details?.passed === false ? '  (failed)' : ''}\n`;
  }
  if (!done.length) return;
  const slowest = done.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  yield `# slowest ${slowest.length} of ${done.length} test files:\n${slowest.map((t) => `#   ${seconds(t.ms)}  ${t.file}\n`).join('')}`;
}
