/**
 * What `x` and `t` arm, decided from the form and the pair's conditional orders (pure):
 * - on an open order, a bracket attached to it (its entry the order, the exit armed only when and for what
 *   of it fills): nothing fires while it is unfilled, and its cancel leaves nothing armed;
 * - on an order that already has such a bracket with the other exit, that bracket with both exits
 *   (one-cancels-other), replacing it;
 * - on the position, a single stop or take-profit; with the other one already armed on the same side for
 *   the same amount, both joined into one oco: once one fires, the other is never sent.
 * A trigger the last price already meets is said, for a second confirmation (`metLeg`).
 */
import { usage } from '../../errors.js';
import { type AlgoInput, type AlgoSpec, metLeg, planAlgo } from '../../core/usecases/algo.js';
import { cmp, mul } from '../../util/decimal.js';
import type { AttachKind } from './attach.js';
import { floorTo, priceTick } from './form.js';
import { quoteOf, type AttachedAlgo, type Form, type OpenOrder, type PendingAttach, type TradeState } from './state.js';

/** An exit's leg name in a bracket or an oco, and its input keys there. */
const EXIT = {
  stop: { leg: 'stop', bracket: 'stop', bracketPrice: 'stopPrice', oco: 'stopTrigger', ocoPrice: 'stopPrice' },
  'take-profit': { leg: 'tp', bracket: 'takeProfit', bracketPrice: 'tpPrice', oco: 'tpTrigger', ocoPrice: 'tpPrice' },
} as const;

const other = (k: AttachKind): AttachKind => (k === 'stop' ? 'take-profit' : 'stop');
const word = (leg: string) => (leg === 'stop' ? 'stop' : 'take-profit');

/** The attach form's names of the plan's inputs, so an error names the field on screen. */
const FORM_NAMES: Readonly<Record<string, string>> = {
  trigger: 'trigger', stop: 'trigger', takeProfit: 'trigger', tpTrigger: 'take-profit trigger', stopTrigger: 'stop trigger', size: 'size', notional: 'size', orderId: 'order',
};

/** A usage error's message as the form shows it: inputs by the form's names, the command line's flags without dashes. */
export function formMessage(err: unknown): string {
  return (err as Error).message.replace(/--([a-z-]+)/g, '$1');
}

/** The armed bracket attached to order `id` (an algo not ended whose entry is that order). */
export function bracketOn(s: TradeState, id: string): AttachedAlgo | undefined {
  return s.account.algos.find((a) => a.kind === 'bracket' && a.order === id && !a.end);
}

/**
 * True when algo `a` is for the form's amount: a sell of the same size, or a buy spending what the form's
 * size costs at its first exit's trigger (as {@link onPosition} sizes it: a market buy is sized by what it
 * spends, and each exit of an oco spends the size at its own trigger).
 */
function sameAmount(s: TradeState, a: AttachedAlgo, f: Form): boolean {
  if (!/^[0-9]*\.?[0-9]+$/.test(f.size)) return false;
  if (f.side === 'sell') return a.size !== undefined && cmp(a.size, f.size) === 0;
  const level = a.exits?.[0]?.level;
  return a.notional !== undefined && level !== undefined && cmp(a.notional, floorTo(mul(f.size, level), priceTick(s.rules))) === 0;
}

/**
 * What the form's exit meets among the pair's conditional orders: an algo to join (the other exit,
 * alone), or why it cannot be attached (that exit is there already: one order, one bracket; one position,
 * one exit of each kind). Neither: it is armed on its own.
 */
export function joinFor(s: TradeState, f: Form): { join?: AttachedAlgo; blocked?: string } {
  const a = f.attach!;
  const leg = EXIT[a.kind].leg;
  if (a.order) {
    const b = bracketOn(s, a.order.id);
    if (!b) return {};
    // Cancelling that bracket would cancel the order's rest too: its exits are changed by cancelling it.
    if (b.placed) return { blocked: `order ${a.order.id} is the entry of bracket ${b.id}, whose exits protect it: cancel that bracket (c on its line) to change them` };
    const has = b.exits ?? [];
    if (has.some((e) => e.name === leg)) return { blocked: `order ${a.order.id} already has a ${a.kind} (algo ${b.id}, trigger ${has.find((e) => e.name === leg)!.level}): cancel it first (c on its line) to change it` };
    return has.length === 1 ? { join: b } : {};
  }
  const mine = s.account.algos.filter((x) => !x.end && x.side === f.side && (x.kind === 'stop' || x.kind === 'take-profit' || x.kind === 'oco') && sameAmount(s, x, f));
  const held = mine.find((x) => x.kind === 'oco' || x.kind === a.kind);
  if (held) return { blocked: `the position already has ${held.kind === 'oco' ? 'an oco' : `a ${held.kind}`} for ${f.side === 'sell' ? f.size : held.amount} (algo ${held.id}): cancel it first (c on its line) to change it` };
  const join = mine.filter((x) => x.kind === other(a.kind) && x.exits?.length === 1).at(-1);
  return join ? { join } : {};
}

/** The exit kept from the algo being joined: its trigger and, when it places a limit, its price. */
function kept(join: AttachedAlgo, k: AttachKind, keys: { trigger: string; price: string }): Record<string, string> {
  const e = join.exits![0]!;
  return { [keys.trigger]: e.level, ...(e.price !== undefined ? { [keys.price]: e.price } : {}) };
}

/** The bracket attached to open order `o`: its side, size and price the order's, the typed exit (and a joined one). */
function onOrder(s: TradeState, f: Form, o: OpenOrder, join: AttachedAlgo | undefined, now: number): AlgoSpec {
  const k = f.attach!.kind;
  const input: AlgoInput = {
    kind: 'bracket', symbol: s.symbol, orderId: o.id, side: o.side, size: o.size, ...(o.type !== 'market' && o.price ? { price: o.price } : {}),
    [EXIT[k].bracket]: f.price, ...(join ? kept(join, other(k), { trigger: EXIT[other(k)].bracket, price: EXIT[other(k)].bracketPrice }) : {}),
    ...(s.maxDeviation !== undefined ? { maxDeviation: s.maxDeviation } : {}),
  };
  return planAlgo(input, s.rules, now, (key) => FORM_NAMES[key] ?? key);
}

/**
 * The position's exit: a market order, a sell of the size or a buy spending size × trigger (the venue
 * sizes market buys by what they spend); joined with the other exit, one oco of the size, each of whose
 * buy exits spends the size at its own trigger (the oco kind does it): whichever fires buys the position back.
 */
function onPosition(s: TradeState, f: Form, join: AttachedAlgo | undefined, now: number): AlgoSpec {
  const k = f.attach!.kind;
  const names = (key: string) => FORM_NAMES[key] ?? key;
  const dev = s.maxDeviation !== undefined ? { maxDeviation: s.maxDeviation } : {};
  const spent = (trigger: string) => (f.side === 'buy' && f.size && trigger ? { notional: floorTo(mul(f.size, trigger), priceTick(s.rules)) } : f.size ? { size: f.size } : {});
  if (!join) return planAlgo({ kind: k, symbol: s.symbol, side: f.side, trigger: f.price, ...spent(f.price), ...dev }, s.rules, now, names);
  const triggers = { ...kept(join, other(k), { trigger: EXIT[other(k)].oco, price: EXIT[other(k)].ocoPrice }), [EXIT[k].oco]: f.price };
  if (!f.price) throw usage('trigger is required (the price that fires the order)');
  return planAlgo({ kind: 'oco', symbol: s.symbol, side: f.side, ...triggers, ...(f.size ? { size: f.size } : {}), ...dev }, s.rules, now, names);
}

/** Enter in an attach form: the plan waiting for `y` (a usage error, shown in the form, when it is not right). */
export function attachPending(s: TradeState, f: Form, now: number): PendingAttach {
  const a = f.attach!;
  const { join, blocked } = joinFor(s, f);
  if (blocked) throw usage(blocked);
  let spec: AlgoSpec;
  try {
    spec = a.order ? onOrder(s, f, a.order, join, now) : onPosition(s, f, join, now);
  } catch (err) {
    throw usage(formMessage(err));
  }
  const o = a.order;
  const protects = o ? `order ${o.id} (${o.side} ${o.size} @ ${o.price || 'market'}) once it fills, for what fills` : a.of;
  return { spec, protects, ...(join ? { replaces: join } : {}), ...metOf(s, spec), back: 'form' };
}

/** Enter in a form of a conditional order: its plan shown for `y`, or the form told why not (`fail`, with the message). */
export function toConfirmation(s: TradeState, plan: () => PendingAttach, fail: (message: string) => void): void {
  try {
    s.ui.attach = plan();
    s.ui.mode = 'attach';
  } catch (err) {
    fail((err as Error).message);
  }
}

/** A trigger the last price already meets, in a sentence (it fires at the next trade); none: {}. */
export function metOf(s: TradeState, spec: AlgoSpec): { met?: string } {
  const m = metLeg(spec, quoteOf(s).last ?? '');
  return m ? { met: m.said } : {};
}

/** The exit kept from the algo joined, in words: `take-profit 31000`. */
export function joinedText(p: PendingAttach): string | undefined {
  const e = p.replaces?.exits?.[0];
  return e ? `${word(e.name)} ${e.level}` : undefined;
}
