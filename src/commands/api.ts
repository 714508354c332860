/**
 * `bm api METHOD PATH [-f key=value ...]`: any endpoint, raw, with the catalogue's auth and limits when
 * known. A write is a write whatever its path looks like: PATH is matched to the catalogue of either
 * generation as a venue may read it (src/core/api-route.ts), and every method but GET is a write of the
 * order use cases (src/core/usecases/order.ts: sent once, proven) unless the catalogue says it is a read.
 */
import type { Command } from 'commander';
import type { Auth, Method } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import { matchWord } from '../api/catalogue/vocab.js';
import { usage } from '../errors.js';
import { parseJson } from '../util/json.js';
import type { Context, ContextOf } from '../context.js';
import type { CurrentRoute } from '../core/usecases/api.js';

const AUTHS: Record<string, Auth> = { none: 'NONE', keyed: 'KEYED', signed: 'SIGNED' };

interface ApiOptions {
  readonly field: string[];
  readonly typedField: string[];
  readonly auth?: string;
}

function collect(v: string, prev: string[]): string[] {
  return [...prev, v];
}

function pair(text: string, flag: string): [string, string] {
  const i = text.indexOf('=');
  if (i <= 0) throw usage(`${flag}: '${text}' is not key=value`);
  return [text.slice(0, i), text.slice(i + 1)];
}

/** The `-f` then the `-F` parameters, each in the order given. */
function fieldsOf(opts: ApiOptions): Params {
  const params: Array<readonly [string, unknown]> = opts.field.map((f) => pair(f, '--field'));
  for (const f of opts.typedField) {
    const [k, v] = pair(f, '--typed-field');
    try {
      params.push([k, parseJson(v)]);
    } catch {
      throw usage(`--typed-field: '${v}' is not a JSON value`);
    }
  }
  return params;
}

/** A current-generation call: a read sent as is, a write (catalogued or not) through the pipeline. */
async function current(ctx: Context, method: Method, route: CurrentRoute, params: Params, authOpt: string | undefined): Promise<void> {
  const [{ uncatalogued }, { printApi }] = await Promise.all([import('../core/usecases/api.js'), import('./api-print.js')]);
  const known = route.ep;
  const auth = authOpt ? AUTHS[authOpt]! : known?.auth ?? 'NONE';
  const ep = known ? { ...known, auth } : uncatalogued(method, route.path, auth);
  const print = async (data: unknown) => printApi(ctx, data, async () => (await import('./engine.js')).show(ctx, ep, data));
  if (ep.write) {
    // As careful here as from the endpoint's own command: checked, confirmed, sent once, proven (or exit 11).
    if (known) (await import('./api-fields.js')).checkFields(ctx, known, params);
    const [{ provenOrThrow, writeEndpoint }, { orderPort, noteOutcome }] = await Promise.all([import('../core/usecases/order.js'), import('./write-current.js')]);
    const command = `api ${method} ${route.path}`;
    // Sent as given; a placement the venue may finish at once (limit_maker, ioc) is claimed from its state, as `order place` does.
    const o = provenOrThrow(await writeEndpoint(orderPort(ctx), ep, params, { command, asGiven: true }));
    if (!o) return;
    if (o.kind === 'settled' && o.fails) throw o.refusal;
    noteOutcome(ctx, command, o.result);
    // What the venue answered (or the row a lookup found), as bm api prints it; the state read is in the note.
    return print(o.answer);
  }
  const calls = await ctx.calls();
  if (ctx.globals.dryRun) {
    const { printDryRun } = await import('./dryrun.js');
    return printDryRun(ctx, await calls.dryRun(ep, params));
  }
  return print(await calls.send(ep, params));
}

export function registerApi(root: Command, contextOf: ContextOf): void {
  root
    .command('api')
    .description('Call any endpoint and print its data (JSON by default)')
    .argument('<method>', 'GET, POST, PUT or DELETE (any but GET is a write unless the catalogue says otherwise)')
    .argument('<path>', 'path under the REST address, e.g. /spot/v1/ticker (/v2/...: the legacy address)')
    .option('-f, --field <key=value>', 'a string parameter (repeatable, order kept)', collect, [])
    .option('-F, --typed-field <key=value>', 'a JSON-typed parameter: numbers, true, false, null (repeatable)', collect, [])
    .option('--auth <level>', 'none, keyed or signed (default: from the catalogue, else none)')
    .addHelpText('after', '\nExamples:\n  $ bm api GET /spot/v1/ticker -f symbol=BTC_USDT\n  $ bm api POST /spot/v1/test-post -f symbol=BTC_USDT --auth signed\n')
    .action(async (methodArg: string, path: string, opts: ApiOptions, self: Command) => {
      const ctx = contextOf(self);
      const { readApiPath, readMethod } = await import('../core/usecases/api.js');
      const method = readMethod(methodArg);
      const auth = opts.auth === undefined ? undefined : matchWord(Object.keys(AUTHS), opts.auth);
      if (opts.auth !== undefined && auth === undefined) throw usage(`--auth: must be one of none, keyed, signed (got '${opts.auth}')`);
      const { route, query, fragment } = readApiPath(method, path);
      if (fragment) ctx.note(`bm: PATH: the fragment '${fragment}' is not sent (no HTTP request carries one)`);
      const params = [...query, ...fieldsOf(opts)];
      if (route.gen === 'current') return current(ctx, method, route, params, auth);
      const { legacyApi } = await import('./api-legacy.js');
      return legacyApi(ctx, method, route, params, auth);
    });
}
