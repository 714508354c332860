/**
 * The table and colour libraries (cli-table3, chalk), loaded synchronously on first use. The build
 * bundles each into its own file under dist/vendor/ and turns these requires into requires of those
 * files, so a command that prints no table and no colour never loads them.
 */
import type TableCtor from 'cli-table3';

/** What build/vendor-chalk.mjs exports. */
export interface ChalkLib {
  readonly Chalk: new (options: { level: 0 | 1 | 2 | 3 }) => ChalkInstance;
  readonly createSupportsColor: (stream: { isTTY?: boolean }, options: { sniffFlags: boolean }) => false | { level: 1 | 2 | 3 };
}

/** The styles bm uses. */
export interface ChalkInstance {
  (text: string): string;
  readonly level: number;
  readonly bold: ChalkInstance;
  readonly dim: ChalkInstance;
  readonly red: ChalkInstance;
  readonly green: ChalkInstance;
  readonly yellow: ChalkInstance;
}

let table: typeof TableCtor | undefined;
let chalk: ChalkLib | undefined;

// In the bundle `require` is CommonJS's and the specifier becomes a vendor file; run from the
// sources (tests), the module is an ES module and loads the package itself.
const fromSources = () => process.getBuiltinModule('node:module').createRequire(import.meta.url);

/** cli-table3's Table class. */
export function tableLib(): typeof TableCtor {
  if (!table) {
    const m = (typeof require === 'function' ? require('cli-table3') : fromSources()('cli-table3')) as typeof TableCtor | { default: typeof TableCtor };
    table = 'default' in m ? m.default : m;
  }
  return table;
}

/** chalk's Chalk class and its colour-level detection. */
export function chalkLib(): ChalkLib {
  chalk ??= (typeof require === 'function' ? require('../../build/vendor-chalk.mjs') : fromSources()('../../build/vendor-chalk.mjs')) as ChalkLib;
  return chalk;
}
