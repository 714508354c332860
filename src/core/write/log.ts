/**
 * What one invocation has sent that may have changed the venue, and what the careful-write pipeline
 * proved of it. main.ts reads it where errors become exit codes: once a write has left, no later
 * error may exit 2 ("nothing was sent").
 */
import { BmError } from '../../errors.js';

/** A client whose `call` sends one request of an entry (either generation's REST client). */
interface Caller {
  call(ep: never, ...rest: never[]): Promise<unknown>;
}

export class WriteLog {
  private sent = 0;
  private readonly outcomes: string[] = [];

  /** True once a request that may change the venue has left (or may have), or a write's outcome was proven. */
  get left(): boolean {
    return this.sent > 0 || this.outcomes.length > 0;
  }

  /** What was proven of the writes sent, one line each (`order place: placed (client order id ...)`). */
  get proven(): readonly string[] {
    return this.outcomes;
  }

  /** The pipeline proved a write's outcome. */
  settled(line: string): void {
    this.outcomes.push(line);
  }

  /**
   * Notes every request of `calls.api` that `mayWrite` says may change the venue, as it leaves. A usage
   * error from the call itself is raised before anything is sent (building the request), so it does not count.
   */
  watch<T extends { readonly api: Caller }>(calls: T, mayWrite: (ep: Parameters<T['api']['call']>[0]) => boolean): T {
    const api = calls.api;
    const call = api.call.bind(api) as (...args: unknown[]) => Promise<unknown>;
    api.call = (async (ep: Parameters<T['api']['call']>[0], ...rest: unknown[]) => {
      const write = mayWrite(ep);
      if (write) this.sent++;
      try {
        return await call(ep, ...rest);
      } catch (err) {
        if (write && err instanceof BmError && err.category === 'usage') this.sent--;
        throw err;
      }
    }) as T['api']['call'];
    return calls;
  }

  /**
   * The error to report: a usage error raised after a write left becomes an internal one (exit 1),
   * saying what was sent and proven, since exit 2 would tell a script that retrying is safe.
   */
  judge(err: unknown): unknown {
    if (!this.left || !(err instanceof BmError) || err.category !== 'usage') return err;
    const what = this.outcomes.length ? this.outcomes.join('; ') : 'a write was sent; its outcome is not known here';
    return new BmError('internal', `${err.message} (after the write was sent: ${what})`, {
      hint: `the write is not undone and must not be sent again; ${err.details.hint ?? 'check it before anything else'}`,
    });
  }
}
