/**
 * What a kind of conditional order is: its inputs (from which the command line's options, the library's
 * parameter type and the docs' table are made), its plan (legs checked against the pair's rules) and the
 * hooks of its machine where it differs from the shared one (./../machine.ts): one file per kind, listed in
 * ./index.ts.
 */
import type { Side } from '../../../api/catalogue/vocab.js';
import type { WaitClock } from '../../../util/clock.js';
import type { CallsSource } from '../../calls.js';
import type { PairRules } from '../../order/pairs.js';
import type { AlgoSpec, Leg, Trigger } from '../model/spec.js';
import type { AlgoEvent, AlgoState, LegState, Step } from '../model/state.js';
import type { Spawner } from '../notify/spawn.js';

/** An input of a kind beyond side, size and notional. The library's parameter is its key in snake_case, the option its key in kebab-case. */
export interface KindInput {
  /** camelCase: `tpTrigger`. */
  readonly key: string;
  /** What the option takes, as its help shows it: `price`, `duration`. */
  readonly value: string;
  readonly help: string;
  /** How the library takes it: a decimal or other text, a whole number, or an order id (digits). */
  readonly type: 'decimal' | 'text' | 'whole' | 'id';
  /** Required by every use of the kind (the plan checks combinations). */
  readonly required?: boolean;
}

/** What the user gave, as typed (every value text): the kind, the pair, and the inputs by key. */
export interface AlgoInput {
  readonly kind: string;
  readonly symbol: string;
  readonly side?: string;
  /** Base quantity; a market buy gives `notional` (the quote amount) instead. */
  readonly size?: string;
  readonly notional?: string;
  /** The deviation guard at firing time, percent (undefined: off), already read. */
  readonly maxDeviation?: string;
  readonly [key: string]: string | undefined;
}

/** The name of an input in messages: the command line's flag (`--tp-trigger`) or the library's key (`tp_trigger`). */
export type NameOf = (key: string) => string;

/** An order a leg places, before it is checked. */
export interface LegOrder {
  readonly name: string;
  /** The side, when not the algo's own (a bracket's exits). */
  readonly side?: Side;
  readonly size?: string;
  readonly notional?: string;
  readonly price?: string;
  readonly trigger?: Trigger;
  readonly due?: number;
  readonly after?: string;
  readonly group?: string;
  readonly existing?: string;
}

/** What a plan is made from: the inputs read, the pair's rules, the time, and the leg checker. */
export interface PlanArgs {
  readonly id: string;
  readonly side: Side;
  readonly rules: PairRules;
  readonly now: number;
  readonly input: AlgoInput;
  readonly nameOf: NameOf;
  /** A leg checked against the pair's rules as `order place` checks an order (a usage error names what is wrong). */
  leg(o: LegOrder, prefix?: string): Leg;
}

/** A plan's legs and what its machine keeps beside them. */
export interface Planned {
  readonly legs: readonly Leg[];
  readonly extra?: Partial<Pick<AlgoSpec, 'distance' | 'pricePlaces' | 'rules' | 'exec'>>;
}

/** Where a kind's machine differs from the shared one. */
export interface KindMachine {
  /** A trade seen, before any trigger is judged: the state it leaves (a trailing stop's best price). */
  trade?(spec: AlgoSpec, st: AlgoState, price: string): AlgoState;
  /** The condition `leg` fires on now (default: its own trigger). */
  trigger?(spec: AlgoSpec, st: AlgoState, leg: Leg): Trigger | undefined;
  /** A gap in the data judged its own way (default: each armed leg's trigger against the candles). */
  gap?(spec: AlgoSpec, st: AlgoState, ev: Extract<AlgoEvent, { kind: 'gap' }>, span: string): Step;
  /** A sent leg settled: what becomes of the others (a TWAP's slices after a failed one are cancelled). */
  settled?(spec: AlgoSpec, legs: Record<string, LegState>, name: string, outcome: LegState): void;
}

/** What a leg that acts instead of placing an order (an alert's) is given when it fires. */
export interface ActArgs {
  readonly spec: AlgoSpec;
  readonly leg: Leg;
  /** The state it fired in (the last trade seen: the price that met it). */
  readonly st: AlgoState;
  readonly clock: WaitClock;
  /** The venue it runs on, in words: `sandbox`, or its REST address. */
  readonly venue: string;
  /** How it starts programs (default: node's spawn). */
  readonly spawner?: Spawner;
  /** Says a line on stderr (a runner's log) even under --quiet, journaled with the leg's name. */
  say(line: string): void;
}

/** How the legs of a kind that moves no money act when they fire, instead of placing an order. */
export interface KindAct {
  /** Acts once; the leg's end (`fired`, whatever its notifications did). */
  fire(a: ActArgs): Promise<LegState>;
  /**
   * A leg found being sent by a restart or a cancel: it may have acted before the process ended. Never done
   * again (at most once): what it is now, said.
   */
  unproven(spec: AlgoSpec, leg: Leg, st: AlgoState, now: number): LegState;
}

export interface KindDef {
  /** The command's word (`bm order take-profit`) and the journal's. */
  readonly kind: string;
  /** The library's method (`client.algo.takeProfit`). */
  readonly method: string;
  readonly summary: string;
  /** For the docs' table: what fires it, and what it places. */
  readonly fires: string;
  readonly inputs: readonly KindInput[];
  /** What it is sized by: `size` (base) and, where it may place a market buy, `notional` (quote). Default both. */
  readonly sizedBy?: readonly ('size' | 'notional')[];
  /**
   * Its triggers are judged against the market when it is armed: one already met is refused (a typo would
   * fire at once) unless asked for (`--immediate`, the library's `immediate`).
   */
  readonly judgedNow?: boolean;
  readonly examples: readonly string[];
  /**
   * Reads and checks its inputs where neither the pair's rules nor the venue are needed (a usage error
   * names the input); `side` is undefined when {@link resolve} takes it from the venue.
   */
  read(input: AlgoInput, side: Side, nameOf: NameOf): void;
  /**
   * A kind that takes no side: the side its spec keeps, from its other inputs (an alert: a buy for a level
   * met on the way up, a sell on the way down, as a stop's). Absent: `side` is an input.
   */
  sideOf?(input: AlgoInput): Side;
  /** The command that makes it, when not `bm order <kind>` (`alert add`). */
  readonly command?: string;
  /**
   * A trigger the last price already meets when it is armed fires at once (it moves no money, so nothing
   * is refused as a likely typo).
   */
  readonly firesWhenMet?: boolean;
  /** Its legs act instead of placing an order (an alert notifies); absent: they place orders. */
  readonly act?: KindAct;
  /** Inputs read from the venue once every input has been checked (an order the algo attaches to); absent: none. */
  resolve?(src: CallsSource, input: AlgoInput, nameOf: NameOf): Promise<AlgoInput>;
  plan(a: PlanArgs): Planned;
  readonly machine?: KindMachine;
}
