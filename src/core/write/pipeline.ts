/**
 * The careful-write pipeline: every write of either generation goes through it, hand-written or not.
 * checked parameters -> client order id -> confirmation (or exit 2 with no terminal and no --yes)
 * -> --dry-run -> sent once (an idempotent write may be sent again while its outcome is unknown)
 * -> the outcome judged as the catalogue says: claimed only when an answer or a lookup proves it,
 * else an `unknown` error (exit 11) naming the command that checks.
 */
import type { Verdict, WriteSafety } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import { surelyNotSent } from '../../api/transport.js';
import { BmError } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import type { WriteChannel, WriteEntry } from './channel.js';
import type { WriteHost } from './host.js';
import { newClientOrderId, newNumericId } from './client-id.js';
import { withLineIds, lookUpLines } from './lines.js';
import { lookUp } from './lookup.js';
import { sleepOn, systemClock } from '../../util/clock.js';
import { fillTemplate, lookupParams, rowOfData, sentText, verdictOf } from './proof.js';
import { unknownOutcome } from './unknown.js';

export interface WriteRequest<E extends WriteEntry> {
  readonly ep: E;
  /** Checked wire parameters. */
  readonly params: Params;
  /** The command, for messages: `order place`, `api POST /spot/v2/submit_order`. */
  readonly command: string;
  /** One line to confirm; default: the catalogue's template, else the method, path and parameters. */
  readonly what?: string;
  /** Lines shown above the question (market context); a dry run prints them too. */
  readonly context?: readonly string[];
  /** Already confirmed by the caller, as one of a group of writes under one question. */
  readonly confirmed?: boolean;
}

export interface WriteResult<E extends WriteEntry> {
  readonly verdict: Verdict;
  /** Whose answer `data` is: the write's, or the lookup's read (then `data` is the row found). */
  readonly ep: E;
  readonly data: unknown;
  readonly via: 'answer' | 'lookup';
  /** The parameters sent, the client order id included. */
  readonly params: Params;
}

export interface PipelineDeps {
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** A write the catalogue says nothing more of: any readable answer is the venue's acceptance. */
const ACCEPTED: WriteSafety = { answer: [{ outcome: 'done', say: 'accepted' }] };

function withClientId(params: Params, clientId: WriteSafety['clientId']): Params {
  if (!clientId || sentText(params, clientId.param) !== undefined) return params;
  const id = clientId.kind === 'digits' ? newNumericId() : newClientOrderId();
  return [...params.filter(([k]) => k !== clientId.param), [clientId.param, id]];
}

/** The confirmation line: the caller's, the catalogue's template, or the request itself. */
export function describeWrite(ep: WriteEntry, params: Params): string {
  if (ep.safety?.confirm) return fillTemplate(ep.safety.confirm, params);
  const shown = params.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${scalarText(v)}`).join(' ');
  return `${ep.method} ${ep.path}${shown ? ` ${shown}` : ''}`;
}

function maybeUnknown(err: unknown): err is BmError {
  return err instanceof BmError && (err.category === 'unknown' || (err.category === 'network' && !surelyNotSent(err.details.code)));
}

/** A venue hint with SYMBOL/ID placeholders gets the command with the values instead. */
function withFilledHint(err: unknown, check: string | undefined): unknown {
  if (!(err instanceof BmError) || !check || !/\b(SYMBOL|ID)\b/.test(err.details.hint ?? '')) return err;
  return new BmError(err.category, err.message, { ...err.details, hint: `see it with: ${check}` });
}

/** Tells the host what was proven: a later error of the command then names it (src/core/write/log.ts). */
function proven<E extends WriteEntry>(ctx: WriteHost, command: string, safety: WriteSafety, r: WriteResult<E>): WriteResult<E> {
  const id = safety.clientId && sentText(r.params, safety.clientId.param);
  ctx.writes?.settled(`${command}: ${r.verdict.say}${id ? ` (client order id ${id})` : ''}${r.via === 'lookup' ? ', proven by looking it up' : ''}`);
  return r;
}

/** Runs a write; resolves with what was proven, undefined on --dry-run. */
export async function carefulWrite<E extends WriteEntry>(ctx: WriteHost, ch: WriteChannel<E>, req: WriteRequest<E>, deps: PipelineDeps = {}): Promise<WriteResult<E> | undefined> {
  const clock = ctx.clock ?? systemClock;
  const now = deps.now ?? (() => clock.now());
  const sleep = deps.sleep ?? sleepOn(clock);
  const { ep, command } = req;
  const safety = ep.safety ?? ACCEPTED;
  const params = safety.lines ? withLineIds(req.params, safety) : withClientId(req.params, safety.clientId);
  const what = req.what ?? describeWrite(ep, params);
  if (!req.confirmed) await ctx.confirm(what, command, req.context);
  if (ctx.dryRun) {
    ctx.note([`dry run: ${what}`, ...(req.context ?? []).map((l) => `  ${l}`)].join('\n'));
    await ch.dryRun(ep, params);
    return undefined;
  }
  const lookupEp = safety.lookup && ch.entry(safety.lookup.endpoint);
  const lists = safety.lookup ? lookupParams(safety.lookup, params) : [];
  const check = lookupEp && lists[0] ? ch.commandLine(lookupEp, lists[0]) : undefined;
  const from = now();
  const resend = safety.resend ?? 0;
  let cause: BmError | undefined;
  for (let attempt = 0; attempt <= resend; attempt++) {
    if (attempt > 0) ctx.note(`bm: ${command}: ${cause!.message}; sending it again, as it is safe to repeat (${attempt} of ${resend})`);
    try {
      const data = await ch.send(ep, params);
      const verdict = verdictOf(safety.answer, rowOfData(data));
      // A repeat that finds the work already done (not cancelled: already cancelled) proves nothing alone.
      if (verdict && (verdict.outcome === 'done' || (attempt === 0 && verdict.outcome === 'settled'))) return proven(ctx, command, safety, { verdict, ep, data, via: 'answer', params });
      cause = new BmError('unknown', verdict ? `the repeated request answered '${verdict.say}'` : `the answer does not prove it: ${scalarText(data).slice(0, 120)}`);
      if (verdict) break;
    } catch (err) {
      if (!maybeUnknown(err)) {
        if (attempt === 0) throw withFilledHint(err, check);
        cause = new BmError('unknown', `the repeated request was refused (${(err as Error).message})`);
        break;
      }
      cause = err;
    }
  }
  if (!safety.lookup) throw unknownOutcome(command, cause!, undefined, ep);
  ctx.note(`bm: ${command}: ${cause!.message}; looking it up${check ? ` (${check})` : ''} instead of sending it again`);
  if (safety.lines) {
    const r = await lookUpLines(ch, safety, params, { from, to: now() }, sleep);
    if (r.proven) return proven(ctx, command, safety, { verdict: r.verdict, ep: lookupEp!, data: r.rows, via: 'lookup', params });
    throw unknownOutcome(`${command} (line ${r.line}; ${r.provenLines} line${r.provenLines === 1 ? '' : 's'} before it proven)`, cause!, r.found, ep, safety.lookup);
  }
  const found = await lookUp(ch, safety.lookup, params, { from, to: now() }, sleep);
  if (found.finding.kind === 'proven') return proven(ctx, command, safety, { verdict: found.finding.verdict, ep: lookupEp!, data: found.finding.row, via: 'lookup', params });
  throw unknownOutcome(command, cause!, found, ep, safety.lookup);
}
