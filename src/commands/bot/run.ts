/**
 * `bm bot run BOT`: the bot on the venue in use (src/bot/live.ts) until it returns, `--duration` ends,
 * or Ctrl-C / SIGTERM stops it; a summary of the orders it placed on stdout, progress on stderr.
 */
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { parseMaxDeviation } from '../../core/usecases/order-parse.js';
import { parseParams } from '../../bot/params.js';
import type { OnExit } from '../../bot/live.js';
import { systemClock } from '../../util/clock.js';

export interface BotRunFlags {
  readonly param?: string[];
  readonly onExit?: string;
  readonly maxDeviation?: string;
  readonly duration?: string;
}

export async function run(ctx: Context, file: string, f: BotRunFlags): Promise<void> {
  const params = parseParams(f.param ?? []);
  const onExit = (f.onExit ?? 'leave') as OnExit;
  if (onExit !== 'leave' && onExit !== 'cancel') throw usage(`--on-exit: leave or cancel (got ${JSON.stringify(f.onExit)})`);
  const maxDeviation = parseMaxDeviation(f.maxDeviation) ?? 'none';
  const seconds = f.duration === undefined ? undefined : Number(f.duration);
  if (seconds !== undefined && !(/^[0-9]+(\.[0-9]+)?$/.test(f.duration!) && seconds > 0 && seconds <= 2_000_000)) throw usage(`--duration: seconds, more than 0 (got ${JSON.stringify(f.duration)})`);
  if (ctx.globals.dryRun) {
    ctx.io.out(`would run ${file} on ${ctx.venue.baseUrl || ctx.venue.preset} with params ${JSON.stringify(params)}; nothing run\n`);
    return;
  }
  const [{ loadBot }, { runLive }] = await Promise.all([import('../../bot/load.js'), import('../../bot/live.js')]);
  const bot = await loadBot(file);
  const stop = new AbortController();
  let interrupted = false;
  const onInt = () => {
    interrupted = true;
    ctx.note('bm: stopping the bot (Ctrl-C)');
    stop.abort(new DOMException('stopped by Ctrl-C', 'AbortError'));
  };
  const onTerm = () => stop.abort(new DOMException('stopped by SIGTERM', 'AbortError'));
  ctx.signals.once('SIGINT', onInt);
  ctx.signals.once('SIGTERM', onTerm);
  const clock = ctx.clock ?? systemClock;
  const cancelTimer = seconds === undefined ? undefined : clock.timer(seconds * 1000, () => stop.abort(new DOMException('--duration ended', 'AbortError')));
  ctx.note(`bm: running ${file} on ${(await ctx.resolvedVenue()).baseUrl}${Object.keys(params).length ? ` with ${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}`);
  let summary;
  try {
    summary = await runLive({ bot, params, wiring: ctx.wiring(), clock, signal: stop.signal, onExit, maxDeviation, log: (line) => ctx.note(`bot: ${line}`) });
  } finally {
    cancelTimer?.();
    ctx.signals.off('SIGINT', onInt);
    ctx.signals.off('SIGTERM', onTerm);
  }
  const placed = Object.values(summary.placed).reduce((a, b) => a + b, 0);
  if (ctx.format === 'json') ctx.io.out(`${JSON.stringify({ bot: file, params, ...summary }, null, 2)}\n`);
  else {
    ctx.io.out(`${file}: ${placed} order(s) placed${Object.keys(summary.placed).length ? ` (${Object.entries(summary.placed).map(([s, n]) => `${s} ${n}`).join(', ')})` : ''}; `
      + `open at the end: ${summary.cancelled.length} cancelled, ${summary.left.length} left${summary.left.length ? ` (${summary.left.join(' ')})` : ''}\n`);
  }
  if (summary.error) throw new BmError('internal', `the bot threw instead of returning:\n${summary.error}`);
  if (interrupted) throw new BmError('interrupted', 'the bot was stopped by Ctrl-C');
}
