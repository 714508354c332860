/**
 * The mouse's part of the update (SGR reporting, ./mouse-input.ts reads it): a click is placed on the
 * layout of the screen it fell on. A click on a book level opens the order form at its price (buy
 * from an ask, sell to a bid, as Enter on a level does); on a watchlist row it trades that pair; on an
 * open order it selects it; on a history order it selects it (again: its fills). The wheel moves the
 * selection of the book, the watchlist and the history it turns over, and scrolls the log box.
 */
import type { Command } from './binding.js';
import { levelAtRow } from './book.js';
import { moveHistory, openFills } from './history.js';
import { historyRows } from './history-pane.js';
import { layout, paneAt } from './layout.js';
import type { Msg } from './msg.js';
import { orderAtRow } from './panes.js';
import type { TradeState } from './state.js';
import { moveWatch, tradeRow } from './watch.js';
import { watchRowAt } from './watch-pane.js';
import { moveSelection, openOrderForm } from './keys.js';

type Mouse = Extract<Msg, { kind: 'mouse' }>;

/** A mouse event in the interface's state; what it asks of the venue (a pair to switch to), if anything. */
export function handleMouse(s: TradeState, m: Mouse): Command | undefined {
  const dir = m.button === 'wheelUp' ? -1 : m.button === 'wheelDown' ? 1 : 0;
  if (s.ui.mode === 'log') {
    if (dir) s.ui.logBack = Math.max(0, Math.min(s.ui.log.length - 1, s.ui.logBack - dir));
    return undefined;
  }
  if (s.ui.mode !== 'main') return undefined;
  const at = paneAt(layout({ columns: m.columns, rows: m.rows }, s.readOnly !== undefined, s.ui), m.x, m.y);
  if (!at) return undefined;
  const trading = s.readOnly === undefined;
  switch (at.name) {
    case 'book': {
      if (dir) {
        s.ui.focus = 'book';
        return void moveSelection(s, dir as 1 | -1);
      }
      const level = levelAtRow(s, at.rect.h, at.row);
      if (!level) return undefined;
      s.ui.focus = 'book';
      s.ui.level = level;
      if (trading) openOrderForm(s, level.book === 'ask' ? 'buy' : 'sell');
      return undefined;
    }
    case 'watch': {
      s.ui.focus = 'watch';
      if (dir) return void moveWatch(s, dir);
      const i = watchRowAt(s, at.rect.h, at.row);
      return i === undefined ? undefined : tradeRow(s, i);
    }
    case 'orders': {
      if (dir || !trading) return undefined;
      const o = orderAtRow(s, at.rect.w, at.rect.h, at.row);
      if (o) (s.ui.focus = 'orders'), (s.ui.selected = o.id);
      return undefined;
    }
    case 'history': {
      s.ui.focus = 'history';
      if (dir) return void moveHistory(s, dir);
      // The pane's title and header, then its rows from the first shown.
      const room = Math.max(1, at.rect.h - 2);
      const { rows, start } = historyRows(s, room);
      const r = rows[start + at.row - 2];
      if (at.row < 2 || !r || !('order' in r)) return undefined;
      if (r.order === s.history.index) return openFills(s, r.order);
      return void moveHistory(s, r.order - s.history.index);
    }
    default:
      return undefined;
  }
}
