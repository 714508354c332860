/** What a key of the terminal is (./keys.ts holds the tables) and what it may ask of the venue. */
import type { AlgoSpec } from '../../core/usecases/algo.js';
import type { CheckedOrder } from '../../core/usecases/order-parse.js';
import type { AttachedAlgo, OpenOrder, TradeState } from './state.js';

export type Command =
  | { readonly kind: 'quit'; readonly code: 0 | 130 }
  | { readonly kind: 'place'; readonly order: CheckedOrder }
  | { readonly kind: 'cancel'; readonly order: OpenOrder }
  | { readonly kind: 'amend'; readonly order: OpenOrder; readonly price: string; readonly size: string }
  | { readonly kind: 'cancelAll' }
  /** Arm `spec` detached; `replaces`: an algo joined into it, cancelled first (nothing armed unless proven unsent). */
  | { readonly kind: 'attach'; readonly spec: AlgoSpec; readonly replaces?: AttachedAlgo }
  | { readonly kind: 'cancelAlgo'; readonly algo: AttachedAlgo }
  | { readonly kind: 'switch'; readonly symbol: string }
  /** The watchlist changed: kept for the profile; `added`: a pair to start following. */
  | { readonly kind: 'watch'; readonly pairs: readonly string[]; readonly added?: string }
  /** The pair's recent ended orders (and the newest page of its fills) read from the venue. */
  | { readonly kind: 'readHistory' }
  /** One order's fills read from the venue. */
  | { readonly kind: 'readFills'; readonly orderId: string }
  | { readonly kind: 'resync' };

export interface Binding {
  /** Key names: a character, or `up`, `down`, `tab`, `enter`, `escape`, `backspace`, `pageup`, `pagedown`. */
  readonly keys: readonly string[];
  /** How the hints and the help name the keys, e.g. `↑↓/jk`. */
  readonly label: string;
  /** A word or two for the footer; none: the key is only in the help. */
  readonly hint?: string;
  /** The footer's name for the keys when it differs from the label (e.g. `↑↓` for a pair of bindings). */
  readonly hintLabel?: string;
  /** What it does, for the help. */
  readonly does: string;
  /** Changes the interface's state (it runs inside the update); `at`: the key's time (ms). */
  readonly run: (s: TradeState, key: string, at: number) => Command | void;
  /** Only when this holds (e.g. credentials for order keys). */
  readonly when?: (s: TradeState) => boolean;
}
