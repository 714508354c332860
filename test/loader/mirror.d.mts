/** Where the suite's compiled JavaScript is kept. */
export declare const MIRROR: string;
/** The mirror's path of a project file (relative to the root or absolute). */
export declare function mirrorOf(file: string): string;
/** The project file a mirror path stands for, relative to the root with `/` separators. */
export declare function sourceOf(path: string): string;
/** The source with import.meta.url, .dirname and .filename written as its own. */
export declare function pinned(source: string, file: string): string;
/** Brings the mirror up to date with the sources under `dirs`; resolves with how many files it wrote. */
export declare function buildMirror(dirs: readonly string[]): Promise<number>;
