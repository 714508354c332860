/**
 * A price alert: its one leg notifies instead of placing an order, at the first trade at or above its level
 * (`above`) or at or below it (`below`). It fires once; one whose level the last price already meets when it
 * is added fires at once. What it does then is ../notify/alert.ts.
 */
import { usage } from '../../../errors.js';
import { legClientOrderId, type AlgoSpec, type Leg } from '../model/spec.js';
import type { AlgoState, LegState } from '../model/state.js';
import { alertLine, notifyAlert, type AlertDetails } from '../notify/alert.js';
import { nodeSpawn } from '../notify/spawn.js';
import { optional } from './common.js';
import type { ActArgs, AlgoInput, KindDef, NameOf } from './types.js';

/** The alert's one leg. */
export const ALERT_LEG = 'alert';

/** The direction an alert was given (`above`, `below`) from its leg's trigger. */
export const directionOf = (leg: Leg): 'above' | 'below' => (leg.trigger?.dir === 'down' ? 'below' : 'above');

function level(input: AlgoInput, nameOf: NameOf): { dir: 'up' | 'down'; level: string } {
  const above = optional(input, 'above', nameOf);
  const below = optional(input, 'below', nameOf);
  if (above !== undefined && below !== undefined) throw usage(`${nameOf('above')} and ${nameOf('below')}: give one of them, not both`);
  if (above === undefined && below === undefined) throw usage(`${nameOf('above')} or ${nameOf('below')} is required (the price that fires the alert)`);
  return above !== undefined ? { dir: 'up', level: above } : { dir: 'down', level: below! };
}

/** The price and time an alert fired at: the trade that met it, else the last price when it was armed and this moment. */
function firing(spec: AlgoSpec, st: AlgoState, now: number): { price: string; at: number } {
  if (st.last) return { price: st.last.price, at: st.last.time };
  return { price: spec.metWhenArmed ?? '', at: now };
}

/** The process's environment and platform, and node's spawn: an alert's notifications run on the machine that holds it. */
async function notifyDeps(a: ActArgs) {
  return { spawner: a.spawner ?? (await nodeSpawn()), clock: a.clock, platform: process.platform, env: process.env };
}

export const alert: KindDef = {
  kind: 'alert', method: 'alert', command: 'alert add', sizedBy: [], firesWhenMet: true,
  summary: 'Price alert held by bm: notifies (stderr, the desktop, your command) when a trade reaches the level',
  fires: 'a notification at the first trade at or above `above` (at or below `below`), once; at once when the last price already meets it',
  inputs: [
    { key: 'above', value: 'price', help: 'fires at the first trade at or above this price', type: 'decimal' },
    { key: 'below', value: 'price', help: 'fires at the first trade at or below this price', type: 'decimal' },
    { key: 'exec', value: 'cmd', help: 'a command run once through the shell when it fires, in this folder, with BM_ALERT_* in its environment', type: 'text' },
  ],
  examples: ['bm alert add BTC_USDT --above 70000', 'bm alert add BTC_USDT --below 60000 --exec \'echo "$BM_ALERT_SYMBOL at $BM_ALERT_PRICE" >> ~/alerts.log\''],
  // A level met on the way up is a buy's stop; on the way down a sell's: the spec keeps a side, the alert takes none.
  sideOf: (input) => (input.below !== undefined && input.above === undefined ? 'sell' : 'buy'),
  read(input, _side, nameOf) {
    level(input, nameOf);
    if (input.exec !== undefined && input.exec.trim() === '') throw usage(`${nameOf('exec')}: give a command (got nothing)`);
  },
  plan(a) {
    const t = level(a.input, a.nameOf);
    const when = t.dir === 'up' ? 'at or above' : 'at or below';
    const leg: Leg = { name: ALERT_LEG, clientOrderId: legClientOrderId(a.id, ALERT_LEG), params: [], what: `notify when ${a.rules.symbol} trades ${when} ${t.level}`, trigger: t };
    const exec = a.input.exec !== undefined ? { exec: { command: a.input.exec, cwd: process.cwd() } } : {};
    return { legs: [leg], extra: exec };
  },
  act: {
    async fire(a) {
      const { price, at } = firing(a.spec, a.st, a.clock.now());
      const d: AlertDetails = { id: a.spec.id, symbol: a.spec.symbol, direction: directionOf(a.leg), level: a.leg.trigger!.level, price, time: at, venue: a.venue };
      a.say(`fired: ${alertLine(d)}`);
      await notifyAlert(await notifyDeps(a), d, a.spec.exec, a.say);
      return { status: 'fired', price, at };
    },
    unproven(spec, _leg, st, now): LegState {
      const { price, at } = firing(spec, st, now);
      return { status: 'fired', price, at, why: 'it fired, and its runner stopped before its notifications were done: they are not run again (at most once)' };
    },
  },
};
