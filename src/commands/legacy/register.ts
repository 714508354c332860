/**
 * `bm legacy ...`: the first generation (spec 4.9) through the one endpoint engine. This adapter
 * says what differs from the current generation at declaration time (option names, help text, the
 * hand-written commands); the client side loads from ./run.js when a command runs.
 */
import type { Command } from 'commander';
import { flagOf, LEGACY, type LegacyEndpoint } from '../../legacy/catalogue.js';
import type { ContextOf } from '../../context.js';
import { registerGeneration, type Generation } from '../declare.js';

/** The legacy generation as the engine sees it. */
export const LEGACY_GENERATION: Generation<LegacyEndpoint> = {
  entries: () => LEGACY,
  overrides: {
    'legacy.token': {
      options: [['--fresh', 'fetch a new token even when the cached one is still good'], ['--show-token', 'print the token itself (it is a credential)']],
      load: () => import('./token.js'),
    },
    'legacy.time': { load: () => import('./clock.js') },
    'legacy.ping': { load: () => import('./clock.js') },
  },
  flagOf,
  summaryOf: (ep) => `${ep.summary}  [${ep.method} ${ep.path}]`,
  optionHelp: (p) => `${p.description}${p.required ? ' (required)' : ''}`,
  groupSummary: (name) => `${name} commands (legacy generation)`,
  execute: async (inv) => (await import('./run.js')).runLegacy(inv),
};

/** Declares `bm legacy` and its commands. */
export function registerLegacy(root: Command, contextOf: ContextOf): void {
  const legacy = root
    .command('legacy')
    .description('First-generation REST interface (spec 4.9): token authentication handled for you');
  registerGeneration(legacy, LEGACY_GENERATION, contextOf);
}
