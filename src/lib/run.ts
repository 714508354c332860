/**
 * A library method of the current generation over the core's calls: typed input to wire parameters,
 * a read's data as exact text, a write through the careful-write pipeline (its pair's rules checked
 * first) as a {@link WriteOutcome}, or a dry run's request. Loaded on a client's first call.
 */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { ShownRequest } from '../api/redact.js';
import { rowsOf } from '../core/usecases/rows.js';
import { dryRunHost, type CurrentCalls, type WriteHost } from '../core/usecases/session.js';
import { exact } from './exact.js';
import type { CallOptions, DryRun, WriteOutcome } from './types.js';
import { freeParams, wireByName, wireOf } from './wire.js';

/**
 * A library call: a read's data (numbers as exact text, the rows always a list), a write's {@link WriteOutcome}, or a dry run.
 * A method's parameters are in the library's spelling with the catalogue's defaults; `api()`'s (`byWireName`) as `bm api` takes them.
 */
export async function runCurrent(calls: CurrentCalls, host: WriteHost, ep: Endpoint, given?: unknown, opts: CallOptions = {}, byWireName = false): Promise<unknown> {
  const params = ep.shapeUnknown ? freeParams(given) : byWireName ? wireByName(ep.params, given) : wireOf(ep, given);
  if (ep.write) return libraryWrite(calls, host, ep, params, opts);
  if (opts.dryRun) return dryRunOf(await calls.dryRun(ep, params));
  const data = exact(await calls.send(ep, params));
  // One order by its id: an answer that is another order is no such order, as on the command line.
  (await import('../core/usecases/endpoint.js')).checkRead(ep, params, data, 'order.get');
  // The rows are always a list, as the command reads them (one record is a list of one).
  return ep.rows && data !== null && typeof data === 'object' ? { ...data, [ep.rows]: rowsOf(ep, data) } : data;
}

async function libraryWrite(calls: CurrentCalls, host: WriteHost, ep: Endpoint, params: Params, opts: CallOptions): Promise<WriteOutcome | DryRun> {
  const [{ settledByRefusal, writeOutcome }, { writeEndpoint }, { libraryPort }] = await Promise.all([import('./outcome.js'), import('../core/usecases/order.js'), import('./preflight.js')]);
  let shown: ShownRequest | undefined;
  const command = ep.command?.join(' ') ?? `${ep.method} ${ep.path}`;
  // A spot order is checked against its pair's rules first; a placement the venue may finish at once (limit_maker, ioc) is claimed from its state.
  const given = (opts as { maxDeviation?: unknown }).maxDeviation;
  const maxDeviation = given === undefined ? undefined : (await import('./deviation.js')).maxDeviationOf(given);
  const o = await writeEndpoint(libraryPort(calls, hostFor(host, opts), async (e, p) => void (shown = await calls.dryRun(e, p))), ep, params, { command, ...(maxDeviation !== undefined ? { maxDeviation } : {}) });
  if (o.kind === 'dry-run') return dryRunOf(shown!);
  if (o.kind === 'unknown') throw o.error;
  if (o.kind === 'rejected') {
    // A second cancel is idempotent: the venue's "already cancelled" (or filled) is an outcome, not a failure.
    const settled = settledByRefusal(o.error, ep.safety?.settledBy, params);
    if (settled) return settled;
    throw o.error;
  }
  return writeOutcome(o.result, ep.safety?.clientId?.param);
}

/** The write's host for a call's options: with `dryRun`, the pipeline stops before sending. */
export function hostFor(host: WriteHost, opts: CallOptions): WriteHost {
  return opts.dryRun ? dryRunHost(host) : host;
}

/** A dry run's answer: the request that would have been sent. */
export function dryRunOf(req: ShownRequest): DryRun {
  return { dryRun: true, method: req.method, url: req.url, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) };
}
