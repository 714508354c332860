/**
 * The package's own `bin/bm.js`, found through its package.json (the package names itself): what a `bm`
 * started as a child runs (the background sandbox, a detached runner, the library's sandbox), whatever
 * started this process. `process.argv[1]` is that file only for the command line: under a bot using the
 * library, or a test running the command line in process, it is their script, which must never be run
 * as `bm`.
 */
import { dirname, join } from 'node:path';

export function ownBin(): string {
  // node:module taken here, not at load: the one-shots that import this module seldom start a child.
  return join(dirname(process.getBuiltinModule('node:module').createRequire(import.meta.url).resolve('bm/package.json')), 'bin', 'bm.js');
}
