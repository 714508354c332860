/**
 * Orders replaced under a conditional order: `bm order amend` (cancel, then a new order) of an order that
 * a bracket follows notes the replacement beside the bracket's journal (`<id>.moves`, one JSON line each),
 * since the journal is its runner's alone; the runner, finding its entry's order cancelled, follows the
 * new one, and its exits go on growing with what fills of it.
 *
 * An exit that fires while such an amend is under way or just done notes it there first (`fired`), then
 * reads what replaced the order: an amend that has not placed its new order yet places none, one that has
 * cancels it (both look for the note after their cancel and again after their placement), and a new order
 * the runner finds is the entry's too (its rest cancelled, its fills in the exit). So an exit never leaves
 * an entry's replacement on the book unprotected: one side or the other cancels it, whichever comes last.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Env } from '../../util/paths.js';
import type { FiredExit } from '../order/amend.js';
import type { EntryMoves } from './engine-deps.js';
import { algoJournalPath, readAlgoJournal } from './journal.js';
import { armedAlgos } from './store.js';

const movesFile = (env: Env, id: string) => join(dirname(algoJournalPath(env, id)), `${id}.moves`);

/** How long a replacement announced and never settled is waited for (its amend died), ms. */
const PENDING_MS = 60_000;

/** The armed algos of `symbol` that follow order `from` (a bracket's entry). */
export function followersOf(env: Env, symbol: string, from: string): string[] {
  return armedAlgos(env).filter((id) => {
    try {
      const rec = readAlgoJournal(algoJournalPath(env, id));
      const legs = rec.lines.at(-1)?.st.legs ?? {};
      return rec.spec.symbol === symbol && rec.spec.legs.some((l) => rec.spec.legs.some((x) => x.after === l.name) && (legs[l.name]?.orderId ?? l.existing) === from);
    } catch {
      return false;
    }
  });
}

/**
 * Notes beside each algo `ids` that order `from` is being replaced (`to` absent: the cancel is about to
 * leave; `to` null: the amend is over and nothing replaced it; else the new order's id).
 */
export function noteMove(env: Env, ids: readonly string[], from: string, to?: string | null): void {
  const line = `${JSON.stringify({ from, ...(to === undefined ? { pending: true } : { to }), at: Date.now() })}\n`;
  for (const id of ids) appendFileSync(movesFile(env, id), line, { mode: 0o600 });
}

/** Notes beside algo `id` that its exit `leg` fires on the entry's order `from` (read by an amend of it under way). */
export function noteFired(env: Env, id: string, from: string, leg: string): void {
  appendFileSync(movesFile(env, id), `${JSON.stringify({ from, fired: leg, at: Date.now() })}\n`, { mode: 0o600 });
}

type MoveLine = { from?: unknown; to?: unknown; pending?: unknown; fired?: unknown; at?: unknown };

/** The lines about order `from` beside algo `id`, oldest first (a line cut short by a crash is none). */
function linesOf(env: Env, id: string, from: string): MoveLine[] {
  let text: string;
  try {
    text = readFileSync(movesFile(env, id), 'utf8');
  } catch {
    return [];
  }
  const out: MoveLine[] = [];
  for (const line of text.split('\n')) {
    try {
      const m = JSON.parse(line) as MoveLine;
      if (m.from === from) out.push(m);
    } catch {
      // a line cut short by a crash: not a move
    }
  }
  return out;
}

/** The first of algos `ids` whose exit fired on order `from`; undefined when none did. */
export function firedOn(env: Env, ids: readonly string[], from: string): FiredExit | undefined {
  for (const id of ids) {
    const fired = linesOf(env, id, from).find((m) => typeof m.fired === 'string');
    if (fired) return { id, leg: String(fired.fired) };
  }
  return undefined;
}

/**
 * What became of order `from` under algo `id`: the order that replaced it, `pending` while an amend of it
 * is under way (for at most a minute: an amend that died is not waited for), or undefined (not replaced).
 */
export function movedTo(env: Env, id: string, from: string, now: number = Date.now()): string | 'pending' | undefined {
  const last = linesOf(env, id, from).filter((m) => m.fired === undefined).at(-1);
  if (!last) return undefined;
  if (typeof last.to === 'string' && /^[0-9]+$/.test(last.to)) return last.to;
  return last.pending === true && typeof last.at === 'number' && now - last.at < PENDING_MS ? 'pending' : undefined;
}

/** The replacements of the orders the algos of `env` follow, as a runner's engine and fill watch read and note them. */
export function entryMoves(env: Env): EntryMoves {
  return { fired: (id, from, leg) => noteFired(env, id, from, leg), to: (id, from) => movedTo(env, id, from) };
}
