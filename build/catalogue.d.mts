export function assertPlainData(v: unknown, at: string): void;
export function tableModule(keys: readonly (readonly string[])[], entries: readonly unknown[]): string;
export const catalogueAsData: import('esbuild').Plugin;
