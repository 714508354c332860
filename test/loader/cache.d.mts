/** The project's root folder. */
export declare const ROOT: string;
/** Where compiled test TypeScript is kept. */
export declare const CACHE: string;
/** The JavaScript of an absolute .ts path, from the cache or compiled now. */
export declare function compiled(file: string): Promise<string>;
/** Compiles a .ts file (and caches it at `out`). */
export declare function compile(file: string, out?: string): Promise<string>;
/** The JavaScript of TypeScript source (of an absolute path), with an inline source map. */
export declare function transformTs(source: string, file: string): Promise<string>;
/** Ends esbuild's service. */
export declare function stopTransforms(): void;
