/** Types of test/lanes.mjs (the test runner reads it as plain JavaScript). */
export declare const LANES: { readonly fast: readonly string[]; readonly slow: readonly string[] };
/** Every test file under `dir` (default `test`), relative to the project root with `/` separators, sorted. */
export declare function testFiles(dir?: string): string[];
/** True when `entry` of a lane (a file, or a folder ending in `/`) covers `file`. */
export declare function covers(entry: string, file: string): boolean;
/** The names of the lanes that hold `file`. */
export declare function lanesOf(file: string): string[];
/** The files that run in a process of their own (the rest run several to a process). */
export declare const ALONE: readonly string[];
/** Groups of files that run one after another, each group in a pool of its own. */
export declare const SERIAL: Readonly<Record<string, readonly string[]>>;
