/**
 * What a pane of the terminal is to the screen: the slices of the state it reads, and how to make one
 * (a screen makes its own, so what one pane keeps between frames is that screen's). The screen keeps a
 * pane's lines while the versions of the slices it reads hold (./screen.ts): a field a pane reads is
 * always in one of its slices, so no change can leave a pane stale.
 */
import type { Slice, TradeState } from './state.js';

/** Draws the pane: exactly `h` lines, each exactly `w` columns wide. */
export type DrawPane = (s: TradeState, w: number, h: number, color: boolean) => string[];

export interface PaneDef {
  /** The slices whose versions its lines depend on. */
  readonly reads: readonly Slice[];
  /** One screen's drawer of the pane. */
  readonly make: () => DrawPane;
}

/** A pane with no state of its own between frames. */
export const plainPane = (reads: readonly Slice[], draw: DrawPane): PaneDef => ({ reads, make: () => draw });
