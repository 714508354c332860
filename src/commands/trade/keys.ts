/**
 * The terminal's keys: one table per mode. The same table dispatches a key, draws the hint footer and
 * fills the `?` help, so what is shown is what works. A key changes the interface's state; what
 * needs the venue (send, cancel, switch pair, resync, quit) comes back as a {@link Command}.
 */
import { AMENDABLE } from '../../core/usecases/order-parse.js';
import { GROUPS, levelAt, levelPos, selectedLevel } from './book.js';
import { amendForm, applyPreset, backspace, marketBuyNotional, nudge, openForm, orderInput, setPrice, spends, switchField, toggleSpend, toggleType, typeChar } from './form.js';
import { guardError, preflight } from './orders.js';
import { pairMatches } from './pairs.js';
import type { Binding, Command } from './binding.js';
import { ATTACH_CONFIRM, ATTACH_MAIN, askCancel, cancelCommand, reviewAttach, selectable, selectedId } from './attach-keys.js';
import { BRACKET_KEYS } from './bracket.js';
import { ALERT_KEYS, ALERT_MAIN } from './alert.js';
import { quoteOf, selectedOrder, type Mode, type Side, type TradeState } from './state.js';
import { HISTORY_MAIN, moveHistory } from './history.js';
import { addPair, moveWatch, WATCH_MAIN } from './watch.js';

export type { Binding, Command } from './binding.js';

const trading = (s: TradeState) => s.readOnly === undefined;
const hasOrders = (s: TradeState) => trading(s) && s.account.orders.size > 0;
const hasAny = (s: TradeState) => hasOrders(s) || (trading(s) && s.account.algos.length > 0);
const bookFocus = (s: TradeState) => s.ui.focus === 'book';

/** Best bid for a buy, best ask for a sell; with the book focused, the selected level's price. */
function prefill(s: TradeState, side: Side): string {
  if (bookFocus(s)) {
    const lvl = selectedLevel(s);
    if (lvl) return lvl.price;
  }
  return (side === 'buy' ? s.market.bids[0]?.[0] : s.market.asks[0]?.[0]) ?? '';
}

/** The order form of `side` opened at `price` (the selected level's, or the best on that side). */
export function openOrderForm(s: TradeState, side: Side, price = prefill(s, side)): void {
  s.ui.form = openForm(side, price);
  s.ui.mode = 'form';
}

/** Up/Down (and the wheel) in the focused pane. */
export function moveSelection(s: TradeState, dir: 1 | -1): void {
  if (s.ui.focus === 'watch') return moveWatch(s, dir);
  if (s.ui.focus === 'history') return moveHistory(s, dir);
  if (s.ui.focus === 'book') {
    s.ui.level = levelAt(s, levelPos(s.ui.level) + dir);
    return;
  }
  const list = selectable(s);
  if (!list.length) return;
  const at = list.indexOf(selectedId(s)!);
  s.ui.selected = list[Math.max(0, Math.min(list.length - 1, at + dir))]!;
}

const close = (s: TradeState) => void (s.ui.mode = 'main');
const form = (s: TradeState) => s.ui.form!;

/** The order of the form checked against the pair's rules and the deviation guard, then shown for `y`. */
function review(s: TradeState, at: number): void {
  const f = form(s);
  if (f.attach) return reviewAttach(s, at);
  // A market buy sized in base is sent as what walking the asks for it costs; the confirmation says both.
  const inBase = f.type === 'market' && f.side === 'buy' && !spends(f);
  const walk = inBase ? marketBuyNotional(f, quoteOf(s), s.rules) : {};
  if (walk.error) return void (s.ui.form = { ...f, error: walk.error });
  try {
    const order = preflight(orderInput(f, s.symbol, walk.notional), s.rules, quoteOf(s), s.maxDeviation).order;
    s.ui.confirm = { order, ...(f.amends ? { amends: f.amends } : {}), ...(inBase && f.size ? { asked: f.size } : {}) };
    s.ui.mode = 'confirm';
  } catch (err) {
    s.ui.form = { ...f, error: (err as Error).message };
  }
}

const pairPrompt = (s: TradeState) => s.ui.pair!;

export const KEYS: Readonly<Record<Mode, readonly Binding[]>> = {
  main: [
    { keys: ['b'], label: 'b', hint: 'buy', does: 'buy at the best bid or the selected level', when: trading, run: (s) => openOrderForm(s, 'buy') },
    { keys: ['s'], label: 's', hint: 'sell', does: 'sell at the best ask or the selected level', when: trading, run: (s) => openOrderForm(s, 'sell') },
    { keys: ['up', 'k'], label: '↑/k', hintLabel: '↑↓', hint: 'select', does: 'select the order (or book level) above', run: (s) => moveSelection(s, -1) },
    { keys: ['down', 'j'], label: '↓/j', does: 'select the order (or book level) below', run: (s) => moveSelection(s, 1) },
    { keys: ['tab'], label: 'Tab', hint: 'focus', does: 'move between your orders and the book', when: trading, run: (s) => void (s.ui.focus = s.ui.focus === 'orders' ? 'book' : 'orders') },
    { keys: ['enter'], label: 'Enter', hint: 'order here', does: 'on a level: buy from an ask, sell to a bid', when: (s) => trading(s) && bookFocus(s), run: (s) => {
      const lvl = selectedLevel(s);
      if (lvl) openOrderForm(s, s.ui.level.book === 'ask' ? 'buy' : 'sell', lvl.price);
    } },
    { keys: ['c'], label: 'c', hint: 'cancel', does: 'cancel selected order/algo, dismiss failed', when: hasAny, run: askCancel },
    { keys: ['a'], label: 'a', hint: 'amend', does: 'amend the selected order: price, size', when: hasOrders, run: (s) => {
      const o = selectedOrder(s);
      if (o && AMENDABLE.has(o.type)) (s.ui.form = amendForm(o)), (s.ui.mode = 'form');
    } },
    { keys: ['C'], label: 'C', hint: 'cancel all', does: 'cancel all orders of the pair (y confirms)', when: hasOrders, run: (s) => {
      s.ui.cancel = { all: true, count: s.account.orders.size };
      s.ui.mode = 'cancel';
    } },
    { keys: ['/'], label: '/', hint: 'pair', does: 'switch pair; Tab completes', run: (s) => ((s.ui.pair = { text: '', index: 0 }), void (s.ui.mode = 'pair')) },
    ...ATTACH_MAIN,
    ALERT_MAIN,
    { keys: ['r'], label: 'r', does: 'resync: read every snapshot again', run: () => ({ kind: 'resync' }) },
    { keys: ['l'], label: 'l', hint: 'log', does: 'last actions, with the venue\'s messages', run: (s) => ((s.ui.logBack = 0), void (s.ui.mode = 'log')) },
    { keys: ['?'], label: '?', hint: 'help', does: 'this help', run: (s) => void (s.ui.mode = 'help') },
    ...WATCH_MAIN,
    ...HISTORY_MAIN,
    // View settings: hinted after the keys that act, so a narrow footer keeps those.
    { keys: ['d'], label: 'd', hint: 'depth', does: 'depth chart in the candles\' place', run: (s) => void (s.ui.depth = !s.ui.depth) },
    { keys: ['g'], label: 'g', hint: 'group', does: 'group the book: 1, 10, 100, 1000 ticks', run: (s) => void (s.ui.group = GROUPS[(GROUPS.indexOf(s.ui.group as (typeof GROUPS)[number]) + 1) % GROUPS.length]!) },
    { keys: ['q'], label: 'q', hint: 'quit', does: 'quit (Ctrl-C quits from anywhere)', run: () => ({ kind: 'quit', code: 0 }) },
  ],
  form: [
    { keys: [...'0123456789.'], label: '0-9 .', hint: 'type', does: 'type into the focused field', run: (s, k) => void (s.ui.form = typeChar(form(s), k)) },
    { keys: ['backspace'], label: 'Backspace', does: 'delete the last character', run: (s) => void (s.ui.form = backspace(form(s))) },
    { keys: ['tab'], label: 'Tab', hint: 'size/price', does: 'switch between size and price', run: (s) => void (s.ui.form = switchField(form(s))) },
    { keys: ['m'], label: 'm', hint: 'limit/market', does: 'limit or market (the size stays in base)', run: (s) => void (s.ui.form = toggleType(form(s))) },
    { keys: ['$'], label: '$', hint: 'spend', does: 'market buy: base size or amount to spend', when: (s) => s.ui.form?.type === 'market' && s.ui.form.side === 'buy' && !s.ui.form.amends && !s.ui.form.attach, run: (s) => void (s.ui.form = toggleSpend(form(s))) },
    { keys: ['p'], label: 'p', hint: 'preset %', does: 'size: 25/50/75/100% of what is available', run: (s) => void (s.ui.form = applyPreset(form(s), s.rules, s.account.balances, s.market.asks[0]?.[0])) },
    { keys: ['['], label: '[', hintLabel: '[ ]', hint: 'best bid/ask', does: 'price: the best bid', run: (s) => void (s.ui.form = setPrice(form(s), s.market.bids[0]?.[0])) },
    { keys: [']'], label: ']', does: 'price: the best ask', run: (s) => void (s.ui.form = setPrice(form(s), s.market.asks[0]?.[0])) },
    { keys: ['up', '+'], label: '↑/+', hintLabel: '↑↓', hint: 'tick', does: 'one tick (price) or increment (size) up', run: (s) => void (s.ui.form = nudge(form(s), 1, s.rules)) },
    { keys: ['down', '-'], label: '↓/-', does: 'one tick or increment down', run: (s) => void (s.ui.form = nudge(form(s), -1, s.rules)) },
    { keys: ['enter'], label: 'Enter', hint: 'review', does: 'check, then confirm with market context', run: (s, _k, at) => review(s, at) },
    { keys: ['escape'], label: 'Esc', hint: 'back', does: 'back out', run: (s) => ((s.ui.form = undefined), close(s)) },
  ],
  bracket: BRACKET_KEYS,
  alert: ALERT_KEYS,
  confirm: [
    { keys: ['y'], label: 'y', hint: 'send', does: 'send (the price guard is checked again)', run: (s) => {
      const c = s.ui.confirm!;
      s.ui.confirm = undefined;
      // The market may have moved while the confirmation was open.
      const guard = guardError(c.order, quoteOf(s).last, s.maxDeviation);
      if (guard) {
        s.ui.form = { ...form(s), error: guard };
        s.ui.mode = 'form';
        return;
      }
      s.ui.form = undefined;
      close(s);
      if (c.amends) return { kind: 'amend', order: c.amends, price: c.order.price!, size: c.order.size! };
      return { kind: 'place', order: c.order };
    } },
    { keys: ['n', 'escape'], label: 'n/Esc', hint: 'back', does: 'back to the form', run: (s) => ((s.ui.confirm = undefined), void (s.ui.mode = 'form')) },
  ],
  attach: ATTACH_CONFIRM,
  cancel: [
    { keys: ['y'], label: 'y', hint: 'cancel', does: 'send the cancel', run: (s) => {
      const c = s.ui.cancel!;
      s.ui.cancel = undefined;
      close(s);
      return cancelCommand(c);
    } },
    { keys: ['n', 'escape'], label: 'n/Esc', hint: 'keep', does: 'keep the orders', run: (s) => ((s.ui.cancel = undefined), close(s)) },
  ],
  pair: [
    { keys: [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_'], label: 'A-Z', hint: 'type', does: 'type the pair', run: (s, k) => void (s.ui.pair = { ...pairPrompt(s), text: (pairPrompt(s).text + k).toUpperCase(), index: 0 }) },
    { keys: ['backspace'], label: 'Backspace', does: 'delete', run: (s) => void (s.ui.pair = { ...pairPrompt(s), text: pairPrompt(s).text.slice(0, -1), index: 0 }) },
    { keys: ['tab'], label: 'Tab', hint: 'complete', does: 'complete to the selected pair', run: (s) => {
      const m = pairMatches(s.pairs, pairPrompt(s).text)[pairPrompt(s).index];
      if (m) s.ui.pair = { ...pairPrompt(s), text: m, index: 0 };
    } },
    { keys: ['up', 'down'], label: '↑↓', hint: 'choose', does: 'choose among the matches', run: (s, k) => {
      const n = pairMatches(s.pairs, pairPrompt(s).text).length;
      const p = pairPrompt(s);
      if (n) s.ui.pair = { ...p, index: (p.index + (k === 'up' ? n - 1 : 1)) % n };
    } },
    { keys: ['enter'], label: 'Enter', hint: 'switch', does: 'switch to the pair (after +: add it)', run: (s) => {
      const p = pairPrompt(s);
      const m = pairMatches(s.pairs, p.text)[p.index];
      if (!m) return;
      s.ui.pair = undefined;
      close(s);
      if (p.add) return addPair(s, m);
      return m === s.symbol ? undefined : { kind: 'switch', symbol: m };
    } },
    { keys: ['escape'], label: 'Esc', hint: 'stay', does: 'stay on this pair', run: (s) => ((s.ui.pair = undefined), close(s)) },
  ],
  help: [{ keys: ['escape', '?', 'q'], label: 'Esc', hint: 'close', does: 'close the help', run: close }],
  log: [{ keys: ['escape', 'l', 'q'], label: 'Esc', hint: 'close', does: 'close the log', run: close }],
};

/** Bindings of a mode that apply now. */
export function activeBindings(s: TradeState, mode: Mode = s.ui.mode): Binding[] {
  return KEYS[mode].filter((b) => !b.when || b.when(s));
}

/**
 * Handles one key (the update's part for keys: ./update.ts): Ctrl-C quits from anywhere (130); otherwise
 * the current mode's table decides.
 * Returns what needs the venue, if anything.
 */
export function handleKey(s: TradeState, key: string, at: number = Date.now()): Command | undefined {
  if (key === 'ctrl-c') return { kind: 'quit', code: 130 };
  const b = activeBindings(s).find((x) => x.keys.includes(key));
  return b ? b.run(s, key, at) ?? undefined : undefined;
}

/** The footer's hints of these bindings (the current mode's: {@link activeBindings}), as `key what` pairs. */
export function hintsOf(bindings: readonly Binding[]): Array<readonly [string, string]> {
  return bindings.flatMap((b) => (b.hint ? [[b.hintLabel ?? b.label, b.hint] as const] : []));
}
