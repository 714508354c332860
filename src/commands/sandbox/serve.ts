/**
 * `bm sandbox serve`: runs the sandbox until SIGINT (exit 130) or SIGTERM (exit 0); the only stdout line
 * is `listening <url>`.
 */
import type { Context } from '../../context.js';
import { BmError, config, usage } from '../../errors.js';
import { checkInt } from '../../core/usecases/params.js';

/** Highest --warm-up, ms: an hour of simulated trading. */
const MAX_WARM_UP_MS = 3_600_000;
/** Highest --speed: beyond it a day's recording replays in well under a second anyway. */
const MAX_SPEED = 1_000_000;

/** `--replay FILE [--speed X]`, checked; undefined without --replay. */
function replayOf(opts: Record<string, string | undefined>): { path: string; speed: number } | undefined {
  if (opts.replay === undefined) {
    if (opts.speed !== undefined) throw usage('--speed: only with --replay FILE');
    return undefined;
  }
  if (opts.replay === '') throw usage('--replay: a recording file is expected (written by bm record)');
  if (opts.state !== undefined) throw usage('--replay runs in memory: --state cannot be given with it');
  const text = opts.speed ?? '1';
  const speed = Number(text);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || !(speed > 0) || speed > MAX_SPEED) {
    throw usage(`--speed: a number greater than 0 and at most ${MAX_SPEED}, e.g. 1, 10 or 0.5 (got '${text}')`);
  }
  return { path: opts.replay, speed };
}

export async function serve(ctx: Context, flags: Record<string, string | boolean | undefined>): Promise<void> {
  const strict = flags.strict === true;
  const opts = Object.fromEntries(Object.entries(flags).filter(([, v]) => typeof v === 'string')) as Record<string, string | undefined>;
  const port = checkInt(opts.port ?? '0', '--port', 0, 65535);
  const seed = opts.seed === undefined ? undefined : checkInt(opts.seed, '--seed', 0);
  const warmUpMs = opts.warmUp === undefined ? undefined : checkInt(opts.warmUp, '--warm-up', 0, MAX_WARM_UP_MS);
  if (opts.host === '') throw usage('--host: must not be empty');
  const { parseLimits } = await import('../../sandbox/limits-mode.js');
  const limits = parseLimits(opts.limits ?? 'spec');
  if (limits === undefined) throw usage(`--limits: ${JSON.stringify(opts.limits)} is not spec, off or a positive factor (e.g. 2 or 0.5)`);
  const replay = replayOf(opts);
  const { isServiceName } = await import('../../sandbox/ws/login.js');
  const service = opts.service ?? 'exchange';
  if (!isServiceName(service)) throw usage(`--service: '${service}' is not a service name (letters, digits, _ and -, e.g. bitmart)`);
  const { startServer } = await import('../../sandbox/server/server.js');
  const { StateFileError } = await import('../../sandbox/exchange/state.js');
  const { RecordingFileError } = await import('../../sandbox/replay/recording.js');
  const server = await startServer({
    port, host: opts.host ?? '127.0.0.1', limits, ...(opts.state ? { statePath: opts.state } : {}), ...(seed !== undefined ? { seed } : {}),
    ...(replay ? { replay } : {}), ...(warmUpMs !== undefined ? { warmUpMs } : {}), strict, service,
    log: (line: string) => ctx.io.err(`${new Date().toISOString()} ${line}\n`),
  }).catch((err: unknown) => {
    if (err instanceof RecordingFileError) throw config(err.message, err.hint ?? 'give a file written by: bm record SYMBOL... --out FILE');
    if (!(err instanceof StateFileError)) throw err;
    throw config(err.message, `move it away (mv ${err.path} ${err.path}.bad) to start a fresh sandbox, or point --state elsewhere`);
  });
  // Ctrl-C is exit 130 as everywhere; SIGTERM (bm sandbox stop, a supervisor) is the asked-for stop, exit 0.
  // The handlers are in place before the address is announced: whoever reads it may signal at once.
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    const stop = (sig: NodeJS.Signals) => {
      ctx.signals.off('SIGINT', stop);
      ctx.signals.off('SIGTERM', stop);
      void server.close().then(() => resolve(sig));
    };
    ctx.signals.on('SIGINT', stop);
    ctx.signals.on('SIGTERM', stop);
  });
  ctx.io.out(`listening ${server.url}\n`);
  const signal = await stopped;
  if (signal === 'SIGINT') throw new BmError('interrupted', 'interrupted: the sandbox stopped');
}
