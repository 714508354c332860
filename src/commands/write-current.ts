/** The current generation as the careful-write pipeline sees it: the envelope client and its catalogue. */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { Context } from '../context.js';
import { printDryRun } from './dryrun.js';
import { show, type ShowOptions } from './show.js';
import type { OrderPort } from '../core/usecases/order-port.js';
import { apiChannel, type WriteChannel, type WriteResult } from '../core/usecases/write.js';

/** The pipeline's view of the current generation for one invocation: its client's calls; a dry run printed. */
export function currentChannel(ctx: Context): WriteChannel<Endpoint> {
  return apiChannel(() => ctx.calls(), async (ep, params) => printDryRun(ctx, await (await ctx.calls()).dryRun(ep, params)));
}

/**
 * The order use cases' port for one invocation: its venue, its prompt (or --yes) and notes, its dry run
 * printed; the market read for a person asked or a dry run, only the guard's read under --yes, nothing
 * when no one can be asked (the confirmation refuses at once).
 */
export function orderPort(ctx: Context): OrderPort {
  const asking = !ctx.globals.yes && !ctx.globals.dryRun;
  const market = asking && !ctx.io.canPrompt ? 'skip' : asking || ctx.globals.dryRun ? 'shown' : 'guard';
  return { env: ctx.env, baseUrl: () => ctx.baseUrl(), calls: () => ctx.calls(), host: ctx, channel: currentChannel(ctx), market };
}

/** Says what was proven, on stderr: the verdict, and how it was learnt. */
export function noteOutcome(ctx: Context, command: string, r: Pick<WriteResult<Endpoint>, 'verdict' | 'via'>): void {
  ctx.note(`bm: ${command}: ${r.verdict.say}${r.via === 'lookup' ? ' (proven by looking it up)' : ''}`);
}

/** A write of the current generation with nothing hand-written: the write use case, then the proven answer (or row found). */
export async function writeCurrent(ctx: Context, ep: Endpoint, params: Params, command: string, opts: ShowOptions = {}): Promise<WriteResult<Endpoint> | undefined> {
  const { provenOrThrow, writeEndpoint } = await import('../core/usecases/order.js');
  const o = provenOrThrow(await writeEndpoint(orderPort(ctx), ep, params, { command, asGiven: true }));
  if (!o) return undefined;
  const r = o.result;
  noteOutcome(ctx, command, r);
  // A row found by the lookup: `--fields` was checked against the write's columns, so they stay names here.
  const columns = [...new Set([...(r.ep.columns ?? []), ...(ep.columns ?? [])])];
  show(ctx, r.ep, r.data, r.via === 'lookup' ? { rows: [r.data as Record<string, unknown>], columns } : opts);
  return r;
}
