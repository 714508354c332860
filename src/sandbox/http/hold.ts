/** Holding a response back until the exchange state is durable. */
import type { ServerResponse } from 'node:http';

/**
 * Legacy routes answer through `res` themselves: a legacy write (any method but GET) is held back
 * at `end` until the state is on disk, so no acknowledged legacy order is lost either. Headers are
 * only sent with the body, so nothing leaves early.
 */
export function holdUntilSaved(res: ServerResponse, persist: () => Promise<void>, log: (line: string) => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const held: unknown[][] = [];
  res.write = ((...args: unknown[]) => {
    held.push(args);
    return true;
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    persist().then(
      () => {
        for (const w of held) write(...w);
        end(...args);
      },
      (err: Error) => {
        log(`state save failed, answer withheld: ${err.message}`);
        res.destroy(err);
      },
    );
    return res;
  }) as typeof res.end;
}
