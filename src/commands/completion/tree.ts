/** The command tree as the completion scripts need it, read from commander: one node per command path. */
import type { Command } from 'commander';
import { argumentValues, optionValues, type Values } from './values.js';

export interface OptionNode {
  readonly names: readonly string[];
  readonly takesValue: boolean;
  readonly values?: Values;
  readonly description: string;
}

export interface CommandNode {
  /** Path below `bm`, e.g. `['order', 'place']`; `[]` is the root. */
  readonly path: readonly string[];
  readonly description: string;
  readonly subcommands: readonly string[];
  readonly options: readonly OptionNode[];
  /** Values of the positional arguments, in order (undefined: free text). */
  readonly args: ReadonlyArray<Values | undefined>;
}

function visible(cmd: Command): Command[] {
  return cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden && c.name() !== 'help');
}

/** Every command node, root first, depth first, subcommands in declaration order. */
export function commandTree(root: Command): CommandNode[] {
  const out: CommandNode[] = [];
  const walk = (cmd: Command, path: string[]) => {
    const options: OptionNode[] = cmd.options
      .filter((o) => !o.hidden)
      .map((o) => {
        const values = o.argChoices ?? (o.long ? optionValues(path, o.long) : undefined);
        return {
          names: [o.short, o.long].filter((n): n is string => Boolean(n)),
          takesValue: o.required || o.optional,
          description: o.description,
          ...(values ? { values } : {}),
        };
      });
    out.push({
      path, description: cmd.description(), subcommands: visible(cmd).map((c) => c.name()),
      options, args: cmd.registeredArguments.map((a) => argumentValues(a.name())),
    });
    for (const sub of visible(cmd)) walk(sub, [...path, sub.name()]);
  };
  walk(root, []);
  return out;
}
