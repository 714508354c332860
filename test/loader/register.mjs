// `node --import ./test/loader/register.mjs`: runs the project's TypeScript as tsx does, at a fraction of
// its start-up cost. Each test file is a process of its own; loading tsx (and esbuild's service) in every
// one of them was a quarter of the suite's CPU. The hooks (hooks.mjs) serve each .ts file from a cache
// of its JavaScript that test/run.mjs fills in one pass before the run, and start esbuild only on a miss.
import { register } from 'node:module';
import { setSourceMapsEnabled } from 'node:process';

setSourceMapsEnabled(true);
register('./hooks.mjs', import.meta.url);
