/** The help of every leaf command, read in this process: the tree from the program src/program.ts builds. */
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { buildProgram } from '../../src/program.js';
import { IO, type InStream } from '../../src/render/io.js';
import { runBm } from './in-process.js';

/**
 * Every leaf command of the program, in help order (commander's own `help [command]` of a group left out),
 * and every command that runs itself as well as holding others (`bm record SYMBOL...` beside `bm record import`).
 */
export async function leafPaths(): Promise<string[][]> {
  const quiet = { write: () => true };
  const program = await buildProgram(new IO(quiet, quiet, new PassThrough() as unknown as InStream, {}, 'never'), {}, []);
  const help = program.createHelp();
  const out: string[][] = [];
  const walk = (cmd: Command, path: string[]): void => {
    const subs = help.visibleCommands(cmd).filter((c) => !(c.name() === 'help' && path.length));
    const runs = Boolean((cmd as unknown as { _actionHandler?: unknown })._actionHandler);
    if (path.length && (!subs.length || runs)) out.push(path);
    for (const c of subs) walk(c, [...path, c.name()]);
  };
  walk(program, []);
  return out;
}

/** Each leaf command (its words joined by spaces) with what `bm PATH --help` prints, run in this process with `env`. */
export async function leafHelps(env: Record<string, string>): Promise<Map<string, string>> {
  const helps = new Map<string, string>();
  for (const path of await leafPaths()) {
    const r = await runBm([...path, '--help'], env);
    if (r.code !== 0) throw new Error(`bm ${path.join(' ')} --help: exit ${r.code}: ${r.stderr}`);
    helps.set(path.join(' '), r.stdout);
  }
  return helps;
}

/** The `  $ ...` lines of a help's Examples block, without their prompt. */
export function examplesOf(help: string): string[] {
  const block = help.split('\nExamples:\n')[1] ?? '';
  return block.split('\n').filter((l) => l.startsWith('  $ ')).map((l) => l.slice(4));
}
