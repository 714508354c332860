/** The client's method tree: a function at each method path (`order.place`), calling with its entry id. */
import type { CallOptions } from './types.js';

/** Functions under the dotted paths of `ids`, each calling `call` with its entry id and parameters. */
export function methodTree(ids: ReadonlyArray<readonly [string, string]>, call: (id: string, params?: Record<string, unknown>, opts?: CallOptions) => Promise<unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, id] of ids) {
    const words = path.split('.');
    let node = root;
    for (const word of words.slice(0, -1)) node = (node[word] ??= {}) as Record<string, unknown>;
    node[words[words.length - 1]!] = (params?: Record<string, unknown>, opts?: CallOptions) => call(id, params, opts);
  }
  return root;
}
