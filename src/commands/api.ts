/**
 * `bm api METHOD PATH [-f key=value ...]`: any endpoint, raw, with the catalogue's auth and limits when
 * known; a catalogue write goes through the careful-write pipeline like its own command.
 */
import type { Command } from 'commander';
import { findRoute } from '../api/catalogue/index.js';
import type { Auth, Method } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import { usage } from '../errors.js';
import { parseJson } from '../util/json.js';
import type { ContextOf } from '../context.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const AUTHS: Record<string, Auth> = { none: 'NONE', keyed: 'KEYED', signed: 'SIGNED' };

function collect(v: string, prev: string[]): string[] {
  return [...prev, v];
}

function pair(text: string, flag: string): [string, string] {
  const i = text.indexOf('=');
  if (i <= 0) throw usage(`${flag}: '${text}' is not key=value`);
  return [text.slice(0, i), text.slice(i + 1)];
}

export function registerApi(root: Command, contextOf: ContextOf): void {
  root
    .command('api')
    .description('Call any endpoint and print its data (JSON by default)')
    .argument('<method>', 'GET, POST, PUT or DELETE')
    .argument('<path>', 'path under the REST address, e.g. /spot/v1/ticker')
    .option('-f, --field <key=value>', 'a string parameter (repeatable, order kept)', collect, [])
    .option('-F, --typed-field <key=value>', 'a JSON-typed parameter: numbers, true, false, null (repeatable)', collect, [])
    .option('--auth <level>', 'none, keyed or signed (default: from the catalogue, else none)')
    .addHelpText('after', '\nExamples:\n  $ bm api GET /spot/v1/ticker -f symbol=BTC_USDT\n  $ bm api POST /spot/v1/test-post -f symbol=BTC_USDT --auth signed\n')
    .action(async (methodArg: string, path: string, opts: { field: string[]; typedField: string[]; auth?: string }, self: Command) => {
      const ctx = contextOf(self);
      const method = methodArg.toUpperCase() as Method;
      if (!(METHODS as readonly string[]).includes(method)) throw usage(`METHOD: must be one of ${METHODS.join(', ')} (got '${methodArg}')`);
      if (!path.startsWith('/')) throw usage(`PATH: must start with / (got '${path}')`);
      if (opts.auth !== undefined && !AUTHS[opts.auth]) throw usage(`--auth: must be one of none, keyed, signed (got '${opts.auth}')`);
      const known = findRoute(method, path);
      const auth = opts.auth ? AUTHS[opts.auth]! : known?.auth ?? 'NONE';
      const params: Array<readonly [string, unknown]> = opts.field.map((f) => pair(f, '--field'));
      for (const f of opts.typedField) {
        const [k, v] = pair(f, '--typed-field');
        try {
          params.push([k, parseJson(v)]);
        } catch {
          throw usage(`--typed-field: '${v}' is not a JSON value`);
        }
      }
      const target = { method, path, auth, ...(known ? { rate: known.rate, write: known.write ?? false } : {}) };
      const print = async (data: unknown) => {
        if (!ctx.globals.output && !ctx.globals.json && !ctx.env.BM_OUTPUT && !ctx.globals.fields) {
          const { stringifyJson } = await import('../util/json.js');
          ctx.io.out(`${stringifyJson(data, 2)}\n`);
          return;
        }
        const { show } = await import('./engine.js');
        show(ctx, known ?? {}, data);
      };
      if (known?.write) {
        // A catalogue write is as careful here as from its own command: checked, confirmed, sent once, proven.
        const { checkFields } = await import('./api-fields.js');
        checkFields(ctx, known, params);
        const [{ carefulWrite }, { currentChannel, noteOutcome }] = await Promise.all([import('./write/pipeline.js'), import('./write/current.js')]);
        const command = `api ${method} ${path}`;
        const r = await carefulWrite(ctx, currentChannel(ctx), { ep: { ...known, auth }, params, command });
        if (!r) return;
        noteOutcome(ctx, command, r);
        await print(r.data);
        return;
      }
      const calls = await ctx.calls();
      if (ctx.globals.dryRun) {
        const { printDryRun } = await import('./dryrun.js');
        printDryRun(ctx, await calls.dryRun(target, params as Params));
        return;
      }
      await print(await calls.send(target, params as Params));
    });
}
