// `node --import ./test/loader/register.mjs file.ts`: runs one of the project's TypeScript files (a child
// script a test starts) as tsx does, at a fraction of its start-up cost. The hooks (hooks.mjs) serve each
// .ts file from a cache of its JavaScript, compiled with esbuild on a miss. The suite itself runs from a
// mirror of compiled JavaScript with no hooks at all (mirror.mjs).
import { register } from 'node:module';
import { setSourceMapsEnabled } from 'node:process';

setSourceMapsEnabled(true);
register('./hooks.mjs', import.meta.url);
