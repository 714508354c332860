/**
 * `bm order stop|take-profit|oco|trail|twap`: the conditional order planned and checked (exit 2 before
 * anything is sent), confirmed as any write, then run in the foreground by core (src/core/algo/) until
 * it fires; Ctrl-C cancels what has not fired. Prints a row per leg.
 */
import type { Context } from '../../context.js';
import { endError, planFor, planLines, planSummary, runSpec } from '../../core/algo/run.js';
import type { AlgoState } from '../../core/algo/machine.js';
import type { AlgoKind, AlgoSpec } from '../../core/algo/spec.js';
import { parseMaxDeviation } from '../../core/order/market-context.js';
import { checkSymbol } from '../../core/params.js';
import { show } from '../show.js';
import { currentChannel } from '../write/current.js';

const COLUMNS = ['algo', 'leg', 'status', 'order_id', 'client_order_id', 'note'];

function rows(spec: AlgoSpec, state: AlgoState | undefined): Array<Record<string, string>> {
  return spec.legs.map((l) => {
    const s = state?.legs[l.name];
    return { algo: spec.id, leg: l.name, status: s?.status ?? 'planned', order_id: s?.orderId ?? '', client_order_id: l.clientOrderId, note: s?.why ?? (state ? '' : l.what) };
  });
}

export async function run(ctx: Context, kind: AlgoKind, symbol: string, opts: Record<string, string | undefined>): Promise<void> {
  const command = `order ${kind}`;
  const input = {
    kind, symbol: checkSymbol(symbol), maxDeviation: parseMaxDeviation(opts.maxDeviation),
    ...Object.fromEntries(['side', 'size', 'notional', 'trigger', 'price', 'tpTrigger', 'tpPrice', 'stopTrigger', 'stopPrice', 'distance', 'over', 'slices'].flatMap((k) => (opts[k] === undefined ? [] : [[k, opts[k]]]))),
  };
  const face = { calls: await ctx.calls(), host: ctx, channel: currentChannel(ctx), command };
  const { spec } = await planFor(face, input);
  const lines = planLines(spec);
  const print = (state?: AlgoState) => show(ctx, { columns: COLUMNS }, rows(spec, state), { rows: rows(spec, state) });
  if (ctx.dryRun) {
    ctx.note([`dry run: ${planSummary(spec)}; nothing is watched or sent`, ...lines.map((l) => `  ${l}`)].join('\n'));
    return print();
  }
  await ctx.confirm(planSummary(spec), command, lines);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { state } = await runSpec({ ...face, signal: stop.signal }, spec);
    print(state);
    const err = endError(spec, state, command);
    if (err) throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
