/**
 * The pair's conditional orders as the terminal knows them: read back from the state dir's journals
 * (a runner writes its journal on its own time), those not ended, and those that ended failed or unknown
 * while the terminal was open: those stay on screen until dismissed, said once in the log (and by the
 * bell with --bell). An algo is held by this machine's runner, never by the venue: only its journal tells.
 */
import type { Env } from '../../util/paths.js';
import { keptAlgos, lastState, type KeptAlgo } from '../../core/usecases/algo.js';
import type { AlgoExit, AttachedAlgo } from './algo-types.js';
import { logAction, type TradeState } from './state.js';

/**
 * What the orders pane has learnt of each algo it read: its pair (fixed), whether it ended (for good),
 * and the line of one that failed while the terminal was open; so a refresh reads again only the
 * journals of algos still running, and new ones.
 */
export type SeenAlgos = Map<string, { readonly symbol: string; readonly ended: boolean; readonly shown?: AttachedAlgo }>;

/** Which journals a read shows: ended ones only when they failed from `since` on (ms), and none `hidden`. */
export interface ReadScope {
  readonly since?: number;
  readonly hidden?: ReadonlySet<string>;
}

const LIVE = new Set(['armed', 'waiting']);

/** A kept algo as the pane shows it; `end` only for an ended one worth showing. */
function attachedOf(k: KeptAlgo): AttachedAlgo {
  const { spec } = k.record;
  const st = lastState(k);
  const status = (name: string, fallback: string) => st?.legs[name]?.status ?? fallback;
  const exits: AlgoExit[] = spec.legs.flatMap((l) => {
    const now = status(l.name, l.after !== undefined ? 'waiting' : 'armed');
    return l.trigger && LIVE.has(now) ? [{ name: l.name, level: l.trigger.level, ...(l.price !== undefined ? { price: l.price } : {}), status: now }] : [];
  });
  const first = spec.legs[0]?.params.find(([key]) => key === 'size' || key === 'notional');
  // The leg a bracket's exits follow: an order it was attached to, or one its runner placed.
  const entry = spec.legs.find((l) => spec.legs.some((x) => x.after === l.name));
  const order = entry?.existing ?? (entry ? st?.legs[entry.name]?.orderId : undefined);
  const bad = st?.end === 'failed' || st?.end === 'unknown' ? st.end : undefined;
  const why = bad ? Object.entries(st!.legs).find(([, l]) => l.status === bad) : undefined;
  // An alert that fired: kept on screen, as a failure is, until dismissed.
  const fired = st?.end === 'done' ? Object.entries(st.legs).find(([, l]) => l.status === 'fired') : undefined;
  return {
    id: k.id, kind: spec.kind, side: spec.side, triggers: exits.filter((e) => e.status === 'armed').map((e) => e.level),
    amount: first ? `${first[1]}${first[0] === 'notional' ? ' (quote)' : ''}` : '', ...(first ? { [first[0]]: first[1] } : {}),
    running: k.runner !== undefined, exits, ...(order !== undefined ? { order } : {}), ...(entry && entry.existing === undefined ? { placed: true } : {}),
    ...(bad ? { end: bad, note: why ? `${why[0]}: ${why[1].why ?? bad}` : bad } : {}),
    ...(fired ? { end: 'fired' as const, note: `fired at ${fired[1].price ?? '?'} (${fired[1].at !== undefined ? new Date(fired[1].at).toISOString() : '?'}), at or ${spec.legs[0]?.trigger?.dir === 'down' ? 'below' : 'above'} ${spec.legs[0]?.trigger?.level ?? '?'}` } : {}),
  };
}

/**
 * The pair's conditional orders from the state dir's journals, oldest first: those not ended, then those
 * that ended failed or unknown from `scope.since` on (none without it).
 */
export function readAttached(env: Env, symbol: string, note: (line: string) => void, seen: SeenAlgos = new Map(), scope: ReadScope = {}): AttachedAlgo[] {
  // Other pairs' journals are read too while they run: the watchlist counts them per pair.
  const skip = (id: string) => seen.get(id)?.ended === true;
  const live: AttachedAlgo[] = [];
  for (const k of keptAlgos(env, note, skip)) {
    const st = lastState(k);
    const ended = Boolean(st?.end);
    const a = k.record.spec.symbol === symbol ? attachedOf(k) : undefined;
    const shown = a?.end && (k.record.lines.at(-1)?.at ?? 0) >= (scope.since ?? Infinity) ? a : undefined;
    seen.set(k.id, { symbol: k.record.spec.symbol, ended, ...(shown ? { shown } : {}) });
    if (a && !ended) live.push(a);
  }
  const failed = [...seen.entries()].flatMap(([id, k]) => (k.shown && k.symbol === symbol && !scope.hidden?.has(id) ? [k.shown] : []));
  return [...live, ...failed];
}

/** How many conditional orders of each pair are not ended, as the journals read so far say. */
export function runningPerPair(seen: SeenAlgos): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of seen.values()) if (!k.ended) out.set(k.symbol, (out.get(k.symbol) ?? 0) + 1);
  return out;
}

/** What a refresh found: nothing new, a change, an algo that failed or an alert that fired (the log says which; the bell rings). */
export type AlgoRefresh = 'same' | 'changed' | 'failed' | 'fired';

/** The pair's conditional orders to show: its live ones and those ended badly, none the user dismissed (`s.account.dismissed`). */
export function readPairAlgos(s: Pick<TradeState, 'symbol' | 'account'>, env: Env, seen: SeenAlgos, since?: number): AttachedAlgo[] {
  return readAttached(env, s.symbol, () => undefined, seen, { ...(since !== undefined ? { since } : {}), hidden: s.account.dismissed });
}

/**
 * The pair's conditional orders as just read (./update.ts runs this on an `algos` message): a new
 * failure is said once in the log. An unreadable journal was skipped by the read (read again next time:
 * it may have been read mid-write); `bm algo list` names it.
 */
export function takeAlgos(s: TradeState, algos: readonly AttachedAlgo[], now: number): AlgoRefresh {
  if (JSON.stringify(algos) === JSON.stringify(s.account.algos)) return 'same';
  const known = new Set(s.account.algos.filter((a) => a.end).map((a) => a.id));
  const fresh = algos.filter((a) => a.end && !known.has(a.id));
  for (const a of fresh) {
    if (a.end === 'fired') logAction(s, 'info', `ALERT ${a.id} ${s.symbol} ${a.note}`, now);
    else logAction(s, a.end === 'failed' ? 'error' : 'unknown', `${a.kind} ${a.id} ${a.end === 'failed' ? 'FAILED' : 'ended with an unknown outcome'}: ${a.note}; see bm algo show ${a.id}`, now);
  }
  s.account.algos = [...algos];
  s.versions.account++;
  // An alert rings whatever --bell says: the bell is what was asked for.
  if (fresh.some((a) => a.end === 'fired')) return 'fired';
  return fresh.length ? 'failed' : 'changed';
}

/** `c` on an algo that ended: it leaves the pane (and is not shown again while the terminal runs). */
export function dismissAlgo(s: TradeState, id: string): void {
  s.account.dismissed.add(id);
  s.account.algos = s.account.algos.filter((a) => a.id !== id);
  s.versions.account++;
}
