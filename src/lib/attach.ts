/**
 * The command line's helpers on the client's method tree: `order.open()`, `order.fills()` without a
 * pair (every pair), `order.batch.resume(path)` and `order.amend()`. Their code loads on first use.
 */
import type { CurrentCalls } from '../core/usecases/session.js';
import type { CallOptions } from './types.js';

type Method = (params?: unknown, opts?: CallOptions) => Promise<unknown>;

/** Runs `fn` with the client's calls, its errors made the library's. */
export type Helper = <T>(fn: (calls: CurrentCalls) => Promise<T>) => Promise<T>;

/** True when `params` names no pair: the call is across pairs. */
function noPair(params: unknown): boolean {
  return params === undefined || (params !== null && typeof params === 'object' && !Array.isArray(params) && (params as Record<string, unknown>).symbol === undefined);
}

/** Adds the helpers to the tree's `order` (made from the catalogue), each run through `helper`. */
export function attachHelpers(tree: Record<string, unknown>, helper: Helper, host: import('../core/usecases/session.js').WriteHost): void {
  const order = tree.order as Record<string, Method>;
  const onePair = order.fills!;
  order.amend = (params, opts) => helper(async (calls) => (await import('./amend.js')).amend(calls, host, params, opts));
  order.open = (params) => helper(async (calls) => (await import('./account.js')).openOrders(calls, host, params));
  order.fills = (params, opts) => (noPair(params) && opts === undefined ? helper(async (calls) => (await import('./account.js')).fillsAcross(calls, host, params)) : onePair(params, opts));
  (order.batch as Method & { resume?: Method }).resume = (path, opts) => helper(async (calls) => {
    const [{ callOptions }, { batch }] = await Promise.all([import('./options.js'), import('./batch.js')]);
    return batch(calls, host, undefined, { ...callOptions(opts, ['maxDeviation']), resume: path as string });
  });
}
