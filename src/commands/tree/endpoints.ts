/** The current generation's endpoint commands: the catalogue of src/api/catalogue, its overrides and the generic run. */
import type { Command } from 'commander';
import { commandEntries, COMMANDS } from '../../api/catalogue/index.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import type { ContextOf } from '../../context.js';
import { registerGeneration, type Generation } from '../declare.js';
import { execute } from '../engine.js';
import { OVERRIDES } from './overrides.js';
import { registerAmend } from '../order/amend-register.js';

/** One-line summaries of the command groups the catalogue's paths create. */
const GROUP_SUMMARY: Readonly<Record<string, string>> = {
  order: 'Place, cancel and query spot orders and fills',
  funding: 'Funding account: currencies, deposit and withdraw records',
  contract: 'Contract (futures) accounts, liquidations and orders',
  broker: 'API broker rebates',
  'sign-test': 'Prove that signed requests are accepted',
};

/** The current generation: the catalogue of src/api/catalogue, the envelope client. */
export const CURRENT: Generation<Endpoint> = {
  entries: commandEntries,
  overrides: OVERRIDES,
  flagOf: (p) => p.flag,
  summaryOf: (ep) => ep.summary,
  // Values read through an input kind (widths, statuses) are listed by the description itself.
  optionHelp: (p) => `${p.description}${p.values && !p.input ? ` (${p.values.join(', ')})` : ''}`,
  groupSummary: (name) => GROUP_SUMMARY[name] ?? name,
  execute: (inv) => execute(inv),
};

/** The top-level words of the endpoint commands. */
export const ENDPOINT_WORDS: readonly string[] = [...new Set(COMMANDS.map((c) => c.split(' ')[0]!))];

/** The subcommands of `bm order` declared here: the catalogue's, and amend. */
export const ENDPOINT_ORDER_WORDS: ReadonlySet<string> = new Set([...COMMANDS.flatMap((c) => { const [group, sub] = c.split(' '); return group === 'order' && sub ? [sub] : []; }), 'amend']);

/** Declares one command per current-generation catalogue entry that has a `command`. */
export function registerEndpoints(root: Command, contextOf: ContextOf, only?: string): void {
  registerGeneration(root, CURRENT, contextOf, only);
  // Writes made of the catalogue's writes, beside them in their group.
  const order = root.commands.find((c) => c.name() === 'order');
  if (order) registerAmend(order, contextOf);
}
