/**
 * The loop around the update: a message in, the state changed by ./update.ts alone, the effects it
 * returns handed to whoever runs them (the session, the feed), and the screen told when a slice's
 * version moved. Senders of messages (keys, the feed's streams and reads, timers) call `dispatch`.
 */
import type { Effect, Msg } from './msg.js';
import type { TradeState } from './state.js';
import { update } from './update.js';
import { stamp } from '../versions.js';

/** Something changed; `fill` when one of your orders traded, `alarm` when a conditional order failed, `alert` when an alert fired. */
export type Changed = (what: 'data' | 'fill' | 'alarm' | 'alert') => void;

const LOUDER = ['fill', 'alarm', 'alert'] as const;

export class Program {
  constructor(
    readonly state: TradeState,
    /** Runs an effect other than the bell (which {@link Changed} says as `fill` or `alarm`). */
    private readonly run: (e: Effect) => void,
    private readonly changed: Changed,
  ) {}

  /** One message through the update. The connections' counters are copied for a frame being drawn: they tell no one. */
  readonly dispatch = (m: Msg): void => {
    const was = stamp(this.state.versions);
    const fx = update(this.state, m);
    let bell: (typeof LOUDER)[number] | undefined;
    for (const e of fx) {
      if (e.kind === 'bell') bell = bell !== undefined && LOUDER.indexOf(bell) > LOUDER.indexOf(e.why) ? bell : e.why;
      else this.run(e);
    }
    if (bell) this.changed(bell);
    else if (m.kind !== 'counters' && stamp(this.state.versions) !== was) this.changed('data');
  };
}
