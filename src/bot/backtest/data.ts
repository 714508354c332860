/**
 * What a backtest runs over: a recording checked whole before anything runs (a file cut short or
 * malformed is refused naming its line, as `bm sandbox serve --replay` refuses it), with its first and
 * last times; or the sandbox's simulated market over a span of days.
 */
import { BmError } from '../../errors.js';
import type { RecordingHeader } from '../../sandbox/replay/format.js';
import { recordedEvents, RecordingFileError, type ReplayCaps } from '../../sandbox/replay/recording.js';

const GiB = 1024 * 1024 * 1024;

/**
 * A backtest streams the file and holds a window of it (./feed.ts), so its size bounds only the time it
 * takes: the cap on a file is 64 GiB decompressed (months of a busy pair), a line 16 MiB as the replay's.
 */
export const BACKTEST_CAPS: ReplayCaps = { lineBytes: 16 * 1024 * 1024, fileBytes: 64 * GiB };

export interface RecordingScan {
  readonly header: RecordingHeader;
  readonly events: number;
  /** ms of the first and last push (undefined without any). */
  readonly first?: number;
  readonly last?: number;
}

/** The recording read whole and checked; a config error (exit 5) naming the file and the line when it is not one. */
export async function scanRecording(path: string, caps: ReplayCaps = BACKTEST_CAPS): Promise<RecordingScan> {
  let header: RecordingHeader | undefined;
  let events = 0;
  let first: number | undefined;
  let last: number | undefined;
  try {
    for await (const x of recordedEvents(path, caps)) {
      if ('format' in x) header = x;
      else {
        first ??= x.t;
        last = x.t;
        events++;
      }
    }
  } catch (err) {
    if (err instanceof RecordingFileError) throw new BmError('config', `${err.message}: nothing was run`, err.hint ? { hint: err.hint } : {});
    throw err;
  }
  return { header: header!, events, ...(first === undefined ? {} : { first, last: last! }) };
}
