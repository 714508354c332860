/**
 * Parsing as strict as output: commander's own errors become usage errors in bm's one style (exit 2,
 * a hint naming the help to read), an option given twice is refused naming it, and a value that is
 * `--` or looks like an option is refused saying so, instead of a confusing error further on.
 */
import { Command, type Option } from 'commander';
import { BmError, usage } from '../errors.js';

/** `bm order place` for a command. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** A commander error message (`error: ...\n(Did you mean x?)`) as a usage error of `cmd`. */
export function parseError(cmd: Command, message: string, code: string | undefined): BmError {
  const path = commandPath(cmd);
  let text = message.trim().replace(/^error: /, '');
  const missing = /^missing required argument '(.+)'$/.exec(text);
  if (code === 'commander.missingArgument' && missing) {
    const arg = cmd.registeredArguments.find((a) => a.name() === missing[1]);
    text = `${missing[1]!.toUpperCase()} is required${arg?.description ? ` (${arg.description})` : ''}`;
  }
  const suggestion = /^([\s\S]*?)\s*\(Did you mean (.+)\?\)$/.exec(text);
  if (suggestion) {
    text = suggestion[1]!;
    const hint = code === 'commander.unknownCommand' ? `did you mean: ${path} ${suggestion[2]}` : `did you mean ${suggestion[2]}? (${path} --help lists the options)`;
    return usage(text, hint);
  }
  return usage(text, `see: ${path} --help`);
}

function flagName(o: Option): string {
  return o.long ?? o.short ?? o.flags;
}

/** Wraps an option's parser: once only (unless it collects), and never an option-looking value. */
function strict(o: Option): void {
  if (!(o.required || o.optional) || o.variadic || Array.isArray(o.defaultValue)) return;
  const inner = o.parseArg;
  let first: string | undefined;
  o.parseArg = (value: string, previous: unknown) => {
    const name = flagName(o);
    if (value === '--') throw usage(`${name} needs a value: '--' ends the options and is not one`, `give it as ${name} <value> (or ${name}=<value>)`);
    if (/^--?[A-Za-z]/.test(value)) throw usage(`${name} needs a value, got the option '${value}'`, `give it as ${name} <value> (or ${name}=<value>)`);
    if (first !== undefined) throw usage(`${name} is given twice ('${first}' and '${value}'): give it once`);
    first = value;
    return (inner ? inner(value, previous) : value) as never;
  };
}

/** A commander command with bm's parsing rules; its subcommands are made the same way. */
export class StrictCommand extends Command {
  override createCommand(name?: string): Command {
    return new StrictCommand(name);
  }

  override addOption(option: Option): this {
    strict(option);
    return super.addOption(option);
  }

  override error(message: string, errorOptions?: { code?: string; exitCode?: number }): never {
    throw parseError(this, message, errorOptions?.code);
  }
}
