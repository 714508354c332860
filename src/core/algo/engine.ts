/**
 * The engine of one conditional order: feeds events to its state machine one at a time, journals
 * every change before acting on it, and fires what the machine says through ./fire.ts. Restarted from
 * its journal, it first settles each leg that was being sent by looking it up by its client order id:
 * found, it is placed; not found, it is sent (with the same id, which the venue refuses twice). A cancel
 * never sends: a leg being sent is settled by a last lookup (placed, cancelled when no attempt can have
 * reached the venue, else unknown). What an engine is given is ./engine-deps.ts.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { AlgoBinding } from './binding.js';
import type { EngineDeps, ResumeFor } from './engine-deps.js';
import { findLeg, lookedUp, saidOf } from './leg-lookup.js';
import { fireLeg } from './fire.js';
import { cancelRest, followed, readFill, sizedExit } from './follow.js';
import { isZero } from '../../util/decimal.js';
import { systemClock } from '../../util/clock.js';
import { AlgoJournal, journalGone, JournalWriteError, readAlgoJournal } from './journal.js';
import { kindOf } from './kinds/index.js';

export { journalGone, JournalWriteError } from './journal.js';
import { initial, settle, step, type AlgoEvent, type AlgoState, type LegState } from './machine.js';
import { armedAt, type AlgoSpec, type Leg } from './model/spec.js';

export class AlgoEngine {
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(readonly spec: AlgoSpec, private st: AlgoState, private readonly journal: AlgoJournal, private readonly deps: EngineDeps, private readonly lastAt: number, private readonly where?: AlgoBinding) {}

  /** Starts a new algo: its journal (spec, where it runs, and first state) on the disk before anything is watched. */
  static start(planned: AlgoSpec, path: string, deps: EngineDeps, where?: AlgoBinding): AlgoEngine {
    const now = deps.now();
    const spec = armedAt(planned, now);
    const journal = AlgoJournal.create(path, spec, where);
    const st = initial(spec);
    journal.write({ at: now, st, notes: ['armed'] }, true);
    return new AlgoEngine(spec, st, journal, deps, now, where);
  }

  /**
   * Resumes from a journal. To run: legs left being sent are looked up, and sent when the venue has none.
   * To cancel: nothing is looked up or sent here; {@link cancel} settles them.
   */
  static async resume(path: string, deps: EngineDeps, purpose: ResumeFor = 'run'): Promise<AlgoEngine> {
    // Removed between its runner taking it up and reading it: gone, as when removed while it runs.
    if (!existsSync(path)) throw journalGone(basename(path, '.ndjson'), path);
    const rec = readAlgoJournal(path);
    const last = rec.lines[rec.lines.length - 1];
    const e = new AlgoEngine(rec.spec, last?.st ?? initial(rec.spec), AlgoJournal.reopen(path, rec), deps, last?.at ?? rec.spec.created, rec.where);
    await e.run(async () => {
      e.record([purpose === 'cancel' ? 'resumed to cancel' : 'resumed'], false);
      if (purpose === 'cancel') return;
      for (const leg of rec.spec.legs) {
        const was = e.st.legs[leg.name];
        if (was?.status !== 'sending') continue;
        if (e.unproven(leg)) continue;
        const found = await findLeg(deps.channel, rec.spec, leg, deps.host.clock);
        if (found) e.settled(leg.name, found, `${leg.name}: found on the venue by its client order id ${leg.clientOrderId}: order ${found.orderId} (not sent again)`);
        else await e.fire(leg.name, was.unsent === true, `${leg.name}: not on the venue (client order id ${leg.clientOrderId}): sending it now`);
      }
    });
    return e;
  }

  get state(): AlgoState {
    return this.st;
  }

  /** The journal's path. */
  get path(): string {
    return this.journal.path;
  }

  /** The time the state was last known to be current: the last trade seen, else the last journal line before this engine began, ms. */
  get since(): number {
    return Math.max(this.st.last?.time ?? 0, this.lastAt);
  }

  /**
   * Feeds one event; resolves once every leg it fired is settled (or stopped by the signal, left `sending`).
   * Events are handled in the order fed.
   */
  feed(ev: AlgoEvent): Promise<void> {
    return this.run(() => this.handle(ev));
  }

  /**
   * Stops the algo: each leg being sent is settled by a last lookup, never sent again (found: placed; not
   * found: cancelled when no attempt can have reached the venue, else unknown), the armed legs cancelled
   * (never sent), recorded. Runs after what is in flight, which the signal stops at its next wait.
   */
  cancel(why: string): Promise<void> {
    return this.run(async () => {
      for (const leg of this.spec.legs) {
        const was = this.st.legs[leg.name];
        if (was?.status === 'sending') await this.lastLook(leg, was);
      }
      await this.handle({ kind: 'cancel', why });
      // An entry bm placed goes with the algo; an order it was attached to stays the user's.
      for (const f of this.watched()) {
        if (this.spec.legs.find((l) => l.name === f.leg)?.existing !== undefined) continue;
        await cancelRest(this.deps, this.spec, f.orderId, `${f.leg} (order ${f.orderId}) cancelled with the algo`);
        // Nothing filled of it: the leg is cancelled too (its order was, on the venue), and so is the algo.
        const fill = await readFill(this.deps.channel, this.spec.symbol, f.orderId).catch(() => undefined);
        if (fill?.over && isZero(fill.filled)) this.settled(f.leg, { status: 'cancelled', orderId: f.orderId, why: 'cancelled with the algo before anything filled' }, `${f.leg}: its order ${f.orderId} cancelled with the algo, nothing filled`);
        else this.record([`${f.leg}: the rest of its order ${f.orderId} cancelled with the algo${fill ? `, ${fill.filled} filled` : ''}`], true);
      }
    });
  }

  /** The legs others follow whose order is open on the venue: what filled of each is fed back as `order` events. */
  watched(): Array<{ leg: string; orderId: string }> {
    return followed(this.spec, this.st.legs);
  }

  /** Closes the journal once nothing is in flight (a firing the signal stopped at its next wait); again, nothing. */
  async close(): Promise<void> {
    await this.chain;
    if (this.closed) return;
    this.closed = true;
    this.journal.close();
  }

  private async handle(ev: AlgoEvent): Promise<void> {
    // A journal removed (or replaced) under a runner: nothing more is decided, let alone sent, from it.
    if (!this.journal.intact()) throw journalGone(this.spec.id, this.journal.path);
    const before = this.st;
    const s = step(this.spec, before, ev);
    this.st = s.state;
    const changed = s.fire.length > 0 || s.notes.length > 0 || s.state.best !== before.best || s.state.end !== before.end || s.state.legs !== before.legs || s.state.from !== before.from;
    // The legs about to be sent are on the disk first: a restart looks them up instead of sending them again.
    // A leg not journaled `sending` is not sent: a failed write leaves the state as it was before.
    if (changed) {
      try {
        this.record(s.notes, s.fire.length > 0 || s.state.end !== undefined, false, before);
      } catch (err) {
        this.st = before;
        throw err;
      }
    }
    for (const leg of s.fire) await this.fire(leg, true);
  }

  /** A leg being sent, settled without sending it: by a last lookup, else by whether an attempt may have reached the venue. */
  private async lastLook(leg: Leg, was: LegState): Promise<void> {
    if (this.unproven(leg)) return;
    const { outcome, note } = await lookedUp(this.deps, this.spec, leg, was);
    this.settled(leg.name, outcome, note);
  }

  /** Sends leg `name`; `unsent`: no attempt before this one can have reached the venue. `note`, a resume's: journaled first, flushed. */
  private async fire(name: string, unsent: boolean, note?: string): Promise<void> {
    if (note) {
      // The line before an attempt says nothing was proven unsent: a process that dies in the request leaves it maybe sent.
      this.st = settle(this.spec, this.st, name, { status: 'sending' });
      this.record([note], true);
    }
    let leg = this.spec.legs.find((l) => l.name === name)!;
    const { act } = kindOf(this.spec.kind);
    if (act) {
      const venue = !this.where ? '' : this.where.venue.builtin ? 'sandbox' : this.where.venue.baseUrl;
      const outcome = await act.fire({ spec: this.spec, leg, st: this.st, clock: this.deps.host.clock ?? systemClock, venue, ...(this.deps.spawner ? { spawner: this.deps.spawner } : {}), say: (line) => this.record([`${name}: ${line}`], false, true) });
      return this.settled(name, outcome, `${name}: ${outcome.status}${outcome.price ? ` at ${outcome.price}` : ''}`);
    }
    if (leg.after !== undefined) {
      // An exit places what its entry filled, once the entry's rest is cancelled.
      const sized = await sizedExit(this.deps, this.spec, leg, this.st.legs[leg.after]!);
      if ('outcome' in sized) return this.settled(name, sized.outcome, `${name}: ${sized.outcome.status}: ${sized.outcome.why ?? ''}`);
      leg = sized.leg;
    }
    const outcome = await fireLeg(this.deps, this.spec, leg, this.st.last?.price, {
      waiting: (line, st) => {
        this.st = settle(this.spec, this.st, name, st);
        this.record([`${name}: ${line}`], false);
      },
      resending: (line) => {
        this.st = settle(this.spec, this.st, name, { status: 'sending' });
        this.record([`${name}: ${line}`], true);
      },
    }, unsent);
    this.settled(name, outcome, `${name}: ${saidOf(outcome, leg)}`);
  }

  /** A leg of a kind that acts (an alert) found being sent: it may have acted, and is never done again; true when so settled. */
  private unproven(leg: Leg): boolean {
    const { act } = kindOf(this.spec.kind);
    if (!act) return false;
    const outcome = act.unproven(this.spec, leg, this.st, this.deps.now());
    this.settled(leg.name, outcome, `${leg.name}: ${outcome.status}: ${outcome.why ?? ''}`);
    return true;
  }

  private settled(name: string, outcome: LegState, note: string): void {
    this.st = settle(this.spec, this.st, name, outcome);
    this.record([note], true, outcome.status === 'failed');
  }

  /**
   * Journals the state with `notes` and says them; `loud`: a failure, said even under --quiet (the host's
   * warn). A write that fails is a {@link JournalWriteError} carrying the state `known` (what the venue
   * proved, kept said) and the lines it could not record.
   */
  private record(notes: readonly string[], sync: boolean, loud = false, known: AlgoState = this.st): void {
    try {
      this.journal.write({ at: this.deps.now(), st: this.st, notes }, sync);
    } catch (err) {
      throw new JournalWriteError(this.spec, known, this.journal.path, notes, err);
    }
    const { host } = this.deps;
    for (const n of notes) {
      const line = `bm: algo ${this.spec.id}: ${n}`;
      if (loud && host.warn) host.warn(line);
      else host.note(line);
    }
  }

  private run<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.chain.then(fn);
    this.chain = p.catch(() => undefined);
    return p;
  }
}
