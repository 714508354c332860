/**
 * What a shell may offer for an option's value or an argument: fixed lists from the catalogue and
 * the contract, or a dynamic source read from local files only (never the network).
 */
import { CATALOGUE } from '../../api/catalogue/index.js';
import { FORMATS } from '../../render/output.js';

/** A fixed list, or `@symbols` / `@profiles` (answered by `bm __complete`). */
export type Values = readonly string[] | '@symbols' | '@profiles';

const STEPS = ['1m', '3m', '5m', '15m', '30m', '45m', '1h', '2h', '3h', '4h', '1d', '1w', '30d'];
export const INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1H', '2H', '4H', '1D', '1W', '1M'];

const BY_OPTION: Readonly<Record<string, Values>> = {
  '--output': FORMATS,
  '--color': ['auto', 'always', 'never'],
  '--profile': '@profiles',
  '--auth': ['none', 'keyed', 'signed'],
  '--venue': ['sandbox', 'bitmart', 'custom'],
  '--interval': INTERVALS,
  '--levels': ['5', '20', '50'],
  '--side': ['buy', 'sell'],
  '--wait': ['filled', 'done'],
  '--permissions': ['read-only', 'trade', 'withdraw'],
};

const BY_ARGUMENT: Readonly<Record<string, Values>> = {
  symbol: '@symbols',
  name: '@profiles',
  shell: ['bash', 'zsh', 'fish'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
  topic: ['environment', 'exit-codes', 'output', 'errors'],
};

/** Values of option `long` (e.g. `--side`) of the command at `path`. */
export function optionValues(path: readonly string[], long: string): Values | undefined {
  const ep = CATALOGUE.find((e) => e.command?.join(' ') === path.join(' '));
  const p = ep?.params.find((x) => !x.positional && `--${x.flag}` === long);
  if (p?.name === 'step') return STEPS;
  if (p?.values) return ep!.id === 'spot.orders' && p.name === 'status' ? ['open', 'done', ...p.values] : p.values;
  return BY_OPTION[long];
}

/** Values of an argument by its name (`symbol`, `name`...). */
export function argumentValues(name: string): Values | undefined {
  return BY_ARGUMENT[name.replace(/\.\.\.$/, '')];
}
