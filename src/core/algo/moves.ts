/**
 * Orders replaced under a conditional order: `bm order amend` (cancel, then a new order) of an order that
 * a bracket follows notes the replacement beside the bracket's journal (`<id>.moves`, one JSON line each),
 * since the journal is its runner's alone; the runner, finding its entry's order cancelled, follows the
 * new one, and its exits go on growing with what fills of it.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Env } from '../../config/paths.js';
import { algoJournalPath, readAlgoJournal } from './journal.js';
import { armedAlgos } from './store.js';

const movesFile = (env: Env, id: string) => join(dirname(algoJournalPath(env, id)), `${id}.moves`);

/** Notes, for every armed algo of `symbol` that follows order `from`, that it was replaced by `to`; the algos' ids. */
export function noteReplaced(env: Env, symbol: string, from: string, to: string): string[] {
  const ids: string[] = [];
  for (const id of armedAlgos(env)) {
    let follows = false;
    try {
      const rec = readAlgoJournal(algoJournalPath(env, id));
      const legs = rec.lines.at(-1)?.st.legs ?? {};
      follows = rec.spec.symbol === symbol && rec.spec.legs.some((l) => rec.spec.legs.some((x) => x.after === l.name) && (legs[l.name]?.orderId ?? l.existing) === from);
    } catch {
      follows = false;
    }
    if (!follows) continue;
    appendFileSync(movesFile(env, id), `${JSON.stringify({ from, to, at: Date.now() })}\n`, { mode: 0o600 });
    ids.push(id);
  }
  return ids;
}

/** The order that replaced order `from` under algo `id`, when one was noted. */
export function movedTo(env: Env, id: string, from: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(movesFile(env, id), 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    try {
      const m = JSON.parse(line) as { from?: unknown; to?: unknown };
      if (m.from === from && typeof m.to === 'string' && /^[0-9]+$/.test(m.to)) return m.to;
    } catch {
      // a line cut short by a crash: not a move
    }
  }
  return undefined;
}
