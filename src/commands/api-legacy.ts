/**
 * `bm api` to a path under `/v2/`: the first generation's, sent to the legacy address with its token
 * authentication. A catalogued entry's fields are checked as `bm legacy` checks them; a write (the
 * catalogue's, or any method but GET on a path it lacks) goes through the careful-write pipeline.
 */
import type { Params } from '../api/client.js';
import type { Context } from '../context.js';
import { BmError, usage } from '../errors.js';
import type { LegacyAuth, LegacyEndpoint, LegacyMethod } from '../legacy/catalogue.js';
import type { LegacyValues } from '../legacy/request.js';
import { scalarText } from '../util/json.js';
import { printApi } from './api-print.js';
import { sendsQuery, type LegacyRoute } from '../core/usecases/api.js';
import { traitsOf } from '../core/usecases/endpoint.js';
import { label, legacyValues, rowsOfLegacy, writeLegacy } from '../core/usecases/legacy.js';
import { provenOrThrow } from '../core/usecases/order-outcome.js';
import { printDryRun } from './dryrun.js';
import { show } from './engine.js';
import { noteOutcome } from './write-current.js';

const AUTHS: Record<string, LegacyAuth> = { none: 'none', keyed: 'token', signed: 'signed' };

function typedValues(params: Params, known?: ReadonlySet<string>, ep?: LegacyEndpoint): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [k, v] of params) {
    // The request builder sends an entry's own parameters alone: any other would be dropped unseen.
    if (known && ep && !known.has(k)) throw usage(`-f ${k}: not a parameter of ${ep.method} ${ep.path}${known.size ? ` (it takes ${[...known].join(', ')})` : ' (it takes none)'}`);
    if (typed[k] !== undefined) throw usage(`-f ${k}: given twice`);
    typed[k] = scalarText(v);
  }
  return typed;
}

/** A catalogued entry's wire values: the path's and the fields, checked as `bm legacy` checks them. */
function checkedValues(ep: LegacyEndpoint, route: LegacyRoute, params: Params): LegacyValues {
  const typed = { ...typedValues(params, new Set(ep.params.filter((p) => p.in !== 'path').map((p) => p.name)), ep), ...route.pathValues };
  try {
    return legacyValues(ep, typed);
  } catch (err) {
    const p = err instanceof BmError ? ep.params.find((x) => err.message.startsWith(label(x))) : undefined;
    if (!p) throw err;
    throw usage((err as BmError).message.replace(label(p), p.in === 'path' ? `PATH {${p.name}}` : `-f ${p.name}`));
  }
}

/**
 * A path the legacy catalogue lacks, as given: the fields in the query or the body by the method.
 * Their kind is never read: the request builder sends them as text, and bm checks nothing it does not know.
 */
function uncatalogued(method: LegacyMethod, path: string, values: LegacyValues): LegacyEndpoint {
  const where = sendsQuery(method) ? 'query' : 'body';
  return {
    id: `api ${method} ${path}`, method, path, auth: 'none', command: [], summary: 'Not in the legacy catalogue',
    params: Object.keys(values).map((name) => ({ name, in: where, kind: 'id', description: 'a field given to bm api' })),
    ...(method === 'GET' ? {} : { write: true }),
  };
}

/** The path as sent, the values of a catalogued entry's `{name}` parts filled in. */
function sentPath(route: LegacyRoute): string {
  return route.path.replace(/\{([a-z_]+)\}/g, (m, n: string) => route.pathValues[n] ?? m);
}

/** Runs `bm api METHOD PATH` for a first-generation path. */
export async function legacyApi(ctx: Context, method: string, route: LegacyRoute, params: Params, authOpt: string | undefined): Promise<void> {
  if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') throw usage(`${method}: the first generation (paths under /v2/) takes GET, POST and DELETE`);
  if (traitsOf(route.ep).accessToken) throw usage('POST /v2/authentication: bm fetches, caches and renews the access token itself', 'see it with: bm legacy token (--show-token prints the token)');
  const values = route.ep ? checkedValues(route.ep, route, params) : typedValues(params);
  const entry = route.ep ?? uncatalogued(method, route.path, values);
  const ep: LegacyEndpoint = authOpt ? { ...entry, auth: AUTHS[authOpt]! } : entry;
  const wire: Params = Object.entries(values).filter(([, v]) => v !== undefined);
  const calls = await ctx.legacyCalls();
  const ch = calls.channel(async (e, p) => printDryRun(ctx, await calls.dryRun(e, p)));
  const print = (shape: LegacyEndpoint, data: unknown) => printApi(ctx, data, () =>
    show(ctx, shape.columns ? { columns: shape.columns } : {}, data, route.ep ? { rows: rowsOfLegacy(shape, data, values, ctx.format) } : {}));
  if (!ep.write) {
    if (ctx.globals.dryRun) return ch.dryRun(ep, wire);
    return print(ep, await ch.send(ep, wire));
  }
  const command = `api ${method} ${sentPath(route)}`;
  const o = provenOrThrow(await writeLegacy({ host: ctx, channel: ch }, ep, wire, command));
  if (!o) return;
  const r = o.result;
  noteOutcome(ctx, command, r);
  return print(r.ep, r.data);
}
