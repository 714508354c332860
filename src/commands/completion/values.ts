/**
 * What a shell may offer for an option's value or an argument: fixed lists from the catalogue and
 * the contract, or a dynamic source read from local files only (never the network).
 */
import { DEPTH_LEVELS, WS_KLINE_WIDTHS } from '../../api/catalogue/channels.js';
import { catalogue } from '../../api/catalogue/index.js';
import { filterWords } from '../../api/catalogue/statuses.js';
import { LEGACY_ORDER_STATUSES, ORDER_STATUSES, SIDES, valuesOf } from '../../api/catalogue/vocab.js';
import { KLINE_STEPS, widthWord } from '../../api/catalogue/widths.js';
import { FORMATS } from '../../render/output.js';
import { TOPICS } from '../topics.js';
import { CHANNEL_WORDS } from '../record-channels.js';

/** A fixed list, or `@symbols` / `@profiles` (answered by `bm __complete`). */
export type Values = readonly string[] | '@symbols' | '@profiles';

/** Candle widths as words: the REST steps, and the ones the WebSocket streams. */
const STEPS = KLINE_STEPS.map(widthWord);
export const INTERVALS = WS_KLINE_WIDTHS.map(widthWord);

const BY_OPTION: Readonly<Record<string, Values>> = {
  '--output': FORMATS,
  '--color': ['auto', 'always', 'never'],
  '--profile': '@profiles',
  '--auth': ['none', 'keyed', 'signed'],
  '--venue': ['sandbox', 'bitmart', 'custom'],
  '--interval': INTERVALS,
  '--levels': DEPTH_LEVELS.map(String),
  '--side': valuesOf(SIDES),
  '--wait': ['filled', 'done'],
  '--permissions': ['read-only', 'trade', 'withdraw'],
  '--channels': CHANNEL_WORDS,
};

const BY_ARGUMENT: Readonly<Record<string, Values>> = {
  symbol: '@symbols',
  name: '@profiles',
  shell: ['bash', 'zsh', 'fish'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
  topic: TOPICS,
};

/** Values of option `long` (e.g. `--side`) of the command at `path`. */
export function optionValues(path: readonly string[], long: string): Values | undefined {
  const ep = catalogue().find((e) => e.command?.join(' ') === path.join(' '));
  const p = ep?.params.find((x) => !x.positional && `--${x.flag}` === long);
  if (p?.input === 'width') return STEPS;
  if (p?.input === 'status') return filterWords(ORDER_STATUSES);
  if (p?.values) return p.values;
  if (path[0] === 'legacy' && long === '--status') return filterWords(LEGACY_ORDER_STATUSES);
  if (path[0] === 'legacy' && long === '--step') return STEPS;
  if ((path.join(' ') === 'watch kline' || path[0] === 'trade') && long === '--step') return INTERVALS;
  return BY_OPTION[long];
}

/** Values of an argument by its name (`symbol`, `name`...). */
export function argumentValues(name: string): Values | undefined {
  return BY_ARGUMENT[name.replace(/\.\.\.$/, '')];
}
