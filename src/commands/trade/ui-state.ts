/** The interface's own state: the mode, the forms and boxes open, what is selected, the log. */
import type { OrderType, Side } from '../../api/catalogue/vocab.js';
import type { CheckedOrder } from '../../core/usecases/order-parse.js';
import type { AlertForm, AttachedAlgo, BracketForm, PendingAttach } from './algo-types.js';
import type { OpenOrder } from './slices.js';

/** The order form as typed (edited by ./form.ts). */
export interface Form {
  readonly side: Side;
  /** The screen places the two plain types of the vocabulary. */
  readonly type: Extract<OrderType, 'limit' | 'market'>;
  /** Base quantity; the quote amount to spend only for a market buy the user switched to it (`spend`). */
  readonly size: string;
  /** A market buy given by what it spends (`$`): the size field holds a quote amount, and says so. */
  readonly spend?: boolean;
  readonly price: string;
  readonly focus: 'size' | 'price';
  /** Why the last Enter did not go on to the confirmation. */
  readonly error: string | undefined;
  /** Percent of the available balance last applied by a preset. */
  readonly preset: number | undefined;
  /** The open order this form amends (cancel, then replace); undefined for a new order. */
  readonly amends?: OpenOrder;
  /**
   * A stop or take-profit attached to an order (`order`: it arms on that order's fills) or to the
   * position: the price field is its trigger.
   */
  readonly attach?: { readonly kind: 'stop' | 'take-profit'; readonly of: string; readonly order?: OpenOrder };
}

export type Mode = 'main' | 'form' | 'bracket' | 'alert' | 'confirm' | 'attach' | 'cancel' | 'pair' | 'help' | 'log';

export interface LogEntry {
  /** ms */
  readonly at: number;
  readonly text: string;
  readonly kind: 'ok' | 'error' | 'unknown' | 'info';
}

/** A cancel waiting for `y`: one order, or every order of the pair. */
export type PendingCancel =
  | { readonly all: false; readonly order: OpenOrder }
  | { readonly all: true; readonly count: number }
  | { readonly all: false; readonly algo: AttachedAlgo };

/** The panes that take the keys: your orders, the book, the watchlist, the history. */
export type Focus = 'orders' | 'book' | 'watch' | 'history';

export interface Ui {
  mode: Mode;
  /** Which pane Up/Down (and Enter) move in. */
  focus: Focus;
  /** Selected open order (id); undefined: the newest. */
  selected: string | undefined;
  /** Selected book level: its side of the book and distance from the spread (0 = best). */
  level: { book: 'ask' | 'bid'; index: number };
  /** Price grouping, in ticks of the pair's precision (1, 10, 100, 1000). */
  group: number;
  form: Form | undefined;
  /** The checked order waiting for `y` (its market context is worked out as the market moves). */
  confirm: { readonly order: CheckedOrder; readonly amends?: OpenOrder; /** A market buy's size as typed (base), sent as what it costs. */ readonly asked?: string } | undefined;
  /** A stop, take-profit, oco or bracket planned from a form, waiting for `y` (./attach-plan.ts). */
  attach?: PendingAttach | undefined;
  /** The bracket order form (./bracket.ts). */
  bracket?: BracketForm | undefined;
  /** The alert form (./alert.ts). */
  alert?: AlertForm | undefined;
  cancel: PendingCancel | undefined;
  /** The pair prompt's text and the selected match; `add`: Enter adds the pair to the watchlist (`+`) instead of switching. */
  pair: { text: string; index: number; add?: boolean } | undefined;
  /** Newest last. */
  log: LogEntry[];
  /** A write is in flight: what it is. */
  busy: string | undefined;
  /** `d`: the depth chart in the candles' place. */
  depth: boolean;
  /** A pane called up by its key where it has no place of its own (./layout.ts): the chart's place, or with no chart the trades'. */
  swap: 'watch' | 'history' | undefined;
  /** Log entries the wheel scrolled back from the newest (the log box, `l`). */
  logBack: number;
}
