/**
 * The bot's client seen through a proxy that runs every call as work of the virtual clock (./virtual-clock.ts):
 * time does not move while a call computes or loads, only while it waits on the clock. The client is
 * otherwise the library's own (`instanceof Client` holds; its fields and methods are the same).
 */
import type { VirtualClock } from './virtual-clock.js';

/** `target` with each method, at any depth (`client.order.place`), run as tracked work. */
export function tracked<T extends object>(target: T, clock: VirtualClock): T {
  const seen = new WeakMap<object, object>();
  const wrap = <O extends object>(obj: O): O => {
    const known = seen.get(obj);
    if (known) return known as O;
    const proxy = new Proxy(obj, {
      get(t, key, receiver) {
        const v = Reflect.get(t, key, receiver) as unknown;
        if (typeof v === 'function') {
          return (...args: unknown[]) => {
            let sync: unknown;
            const out = clock.track(async () => {
              sync = (v as (...a: unknown[]) => unknown).apply(t, args);
              return await sync;
            });
            // A method that answers at once with something other than a promise (an iterator) is returned as it is.
            return sync !== undefined && !(sync instanceof Promise) ? sync : out;
          };
        }
        return v !== null && typeof v === 'object' && !(v instanceof Promise) ? wrap(v) : v;
      },
    });
    seen.set(obj, proxy);
    return proxy;
  };
  return wrap(target);
}
