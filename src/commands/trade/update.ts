/**
 * The one place the terminal's state changes: `update(state, msg)` takes a message (./msg.ts), changes
 * the state's slices and bumps their versions, and returns the effects the message asks for (a write,
 * a read, the bell), which the session and the feed run; their results come back as messages. Keys go
 * through the key tables (./keys.ts), what the world sends through ./receive.ts.
 */
import type { Command } from './binding.js';
import { handleKey } from './keys.js';
import type { Effect, Msg } from './msg.js';
import { orderText } from './orders.js';
import { receive } from './receive.js';
import { handleMouse } from './mouse.js';
import { emptyAccount, emptyHistory, emptyMarket, logAction, SLICES, type TradeState } from './state.js';
import type { Ui } from './ui-state.js';

/** Changes `s` as `m` says; returns what is to be done outside (in order). */
export function update(s: TradeState, m: Msg): Effect[] {
  switch (m.kind) {
    case 'key':
      return key(s, m.key, m.at);
    case 'mouse':
      return key(s, m, m.at);
    case 'sent':
      s.ui = { ...s.ui, busy: undefined };
      s.versions.ui++;
      logAction(s, m.outcome.kind === 'ok' ? 'ok' : m.outcome.kind === 'rejected' ? 'error' : 'unknown', m.outcome.text, m.at);
      return [{ kind: 'refreshAccount' }];
    case 'switched':
      // The history is the pair's: read again for the new one when it is called up (the new feed reads it).
      Object.assign(s, { symbol: m.symbol, rules: m.rules, market: emptyMarket(), account: emptyAccount(), history: { ...emptyHistory(), status: s.ui.swap === 'history' ? 'reading' : 'idle' } });
      s.ui = { ...s.ui, selected: undefined, level: { book: 'ask', index: 0 }, group: 1 };
      for (const k of SLICES) s.versions[k]++;
      logAction(s, 'info', `switched to ${m.symbol}`, m.at);
      return [];
    default:
      return receive(s, m);
  }
}

/** True when a field of the interface's state was replaced (they are replaced, never changed in place). */
function uiChanged(was: Ui, now: Ui): boolean {
  const keys = new Set([...Object.keys(was), ...Object.keys(now)]) as Set<keyof Ui>;
  for (const k of keys) if (was[k] !== now[k]) return true;
  return false;
}

/** A key through the current mode's table (or a mouse event); a write it asks for is refused while another is in flight. */
function key(s: TradeState, input: string | Extract<Msg, { kind: 'mouse' }>, at: number): Effect[] {
  const was = { ...s.ui };
  const cmd = typeof input === 'string' ? handleKey(s, input, at) : handleMouse(s, input);
  if (uiChanged(was, s.ui)) s.versions.ui++;
  if (!cmd) return [];
  const what = writeText(s, cmd);
  if (what === undefined) {
    if (cmd.kind === 'resync') logAction(s, 'info', 'resync: reading snapshots again', at);
    return [cmd];
  }
  if (s.ui.busy) {
    logAction(s, 'error', `not sent: ${what}: wait, ${s.ui.busy} is still being sent`, at);
    return [];
  }
  s.ui = { ...s.ui, busy: what };
  s.versions.ui++;
  return [cmd];
}

/** What the orders pane says is being sent for a write; undefined for a command that writes nothing. */
export function writeText(s: Pick<TradeState, 'symbol'>, cmd: Command): string | undefined {
  switch (cmd.kind) {
    case 'place':
      return orderText(cmd.order);
    case 'cancel':
      return `cancel order ${cmd.order.id}`;
    case 'amend':
      return `amend order ${cmd.order.id}`;
    case 'attach':
      return `${cmd.replaces ? `join ${cmd.replaces.id} into` : 'attach'} ${cmd.spec.kind} ${cmd.spec.id}`;
    case 'cancelAlgo':
      return `cancel ${cmd.algo.kind} ${cmd.algo.id}`;
    case 'cancelAll':
      return `cancel all on ${s.symbol}`;
    case 'quit':
    case 'switch':
    case 'resync':
    case 'watch':
    case 'readHistory':
    case 'readFills':
      return undefined;
    default: {
      const never: never = cmd;
      return never;
    }
  }
}
