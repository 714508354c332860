/**
 * `client.pnl({ symbol, from, to })`: the P&L of `bm pnl`, from the same core
 * (src/core/portfolio/pnl-fills.ts), exact. Loaded on first use.
 */
import type { CurrentCalls } from '../core/usecases/session.js';
import { checkSymbol } from '../core/usecases/params.js';
import { pnlOf, pnlPairs, windowOf } from '../core/usecases/account.js';
import type { WriteHost } from '../core/usecases/session.js';
import { givenObject, inputText, refuseUnknown } from './inputs.js';
import { pairSource } from './preflight.js';
import type { Pnl } from './types.js';
import { asLibraryInput } from './wire.js';

/** A time given as the CLI's text, epoch seconds or ms, or a Date (as epoch ms). */
function timeText(name: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  return v instanceof Date ? String(v.getTime()) : inputText(name, 'whole', v);
}

export async function pnl(calls: CurrentCalls, host: WriteHost, given: unknown): Promise<Pnl> {
  const obj = givenObject(given, 'symbol, from, to');
  refuseUnknown(['symbol', 'from', 'to'], obj);
  const symbol = obj.symbol === undefined ? undefined : await asLibraryInput(() => checkSymbol(inputText('symbol', 'text', obj.symbol), 'symbol'));
  const window = await asLibraryInput(() => windowOf(timeText('from', obj.from), timeText('to', obj.to), { from: 'from', to: 'to' }));
  const src = pairSource(calls);
  const pairs = await pnlPairs(src, symbol);
  const report = await pnlOf(src, pairs, { ...window, ...(symbol === undefined ? {} : { symbol }) }, (line) => host.note(line));
  for (const s of report.end.repeated) host.note(`bm: the venue answered a further page of ${s} with fills already read: its P&L may miss older fills`);
  if (report.end.capped) host.note(`bm: stopped at ${report.end.rows} fills: the P&L misses older ones (narrow it: a symbol, from)`);
  return { pairs: report.pairs, totals: report.totals };
}
