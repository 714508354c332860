/**
 * The shell of the help's examples, with `bm` run in this process: words in single or double quotes,
 * `$NAME` and `$(...)` expanded, `~/` at a word's start, pipes between commands and `> FILE` at the end.
 * A command of a pipe that is not `bm` (printf, head) runs as the program it is. Anything else a shell
 * would do (`;`, `&&`, `<`, globs...) is refused, so an example written with it fails until this learns it.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Result } from './bm.js';

/** Where the lines run: the environment, the working folder, and how `bm` runs (argv without `bm`, stdin text). */
export interface ShellWorld {
  readonly env: Record<string, string>;
  readonly cwd: string;
  readonly bm: (argv: string[], input: string) => Promise<Result>;
}

type Token = string | { readonly op: '|' | '>' };

const REFUSED = /[;&<`(){}*?[\]]/;

/** The index of the `)` closing the `$(` whose `(` is at `open`. */
function closing(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") i = line.indexOf("'", i + 1);
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  throw new Error(`unclosed $( in: ${line}`);
}

/** Expands the `$` at `at`: its text, and the index of its last character. */
async function dollar(line: string, at: number, world: ShellWorld): Promise<[string, number]> {
  if (line[at + 1] === '(') {
    const end = closing(line, at + 1);
    // As a shell does: the output of the inner command, trailing newlines removed.
    return [(await shell(line.slice(at + 2, end), world)).stdout.replace(/\n+$/, ''), end];
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(line.slice(at + 1))?.[0];
  if (!name) throw new Error(`a bare $ in: ${line}`);
  return [world.env[name] ?? '', at + name.length];
}

async function tokens(line: string, world: ShellWorld): Promise<Token[]> {
  const out: Token[] = [];
  let word: string | undefined;
  const add = (s: string) => void (word = (word ?? '') + s);
  const end = () => void (word !== undefined && out.push(word), (word = undefined));
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') end();
    else if (c === '|' || c === '>') (end(), out.push({ op: c }));
    else if (c === "'") {
      const j = line.indexOf("'", i + 1);
      if (j < 0) throw new Error(`unclosed ' in: ${line}`);
      add(line.slice(i + 1, j));
      i = j;
    } else if (c === '"') {
      add('');
      for (i++; line[i] !== '"'; i++) {
        if (i >= line.length) throw new Error(`unclosed " in: ${line}`);
        if (line[i] === '\\' && '"\\$'.includes(line[i + 1]!)) add(line[++i]!);
        else if (line[i] === '$') {
          const [text, last] = await dollar(line, i, world);
          add(text);
          i = last;
        } else add(line[i]!);
      }
    } else if (c === '$') {
      const [text, last] = await dollar(line, i, world);
      add(text);
      i = last;
    } else if (c === '~' && word === undefined && line[i + 1] === '/') add(world.env.HOME!);
    else if (c === '\\') add(line[++i] ?? '');
    else if (REFUSED.test(c)) throw new Error(`'${c}' is not understood by the examples' shell (test/helpers/example-shell.ts): ${line}`);
    else add(c);
  }
  end();
  return out;
}

/** The words of a line that is one plain command (no pipe, no redirection). */
export async function words(line: string, world: ShellWorld): Promise<string[]> {
  const t = await tokens(line, world);
  if (t.some((x) => typeof x !== 'string')) throw new Error(`one command was expected: ${line}`);
  return t as string[];
}

/** Runs one line: the exit code is the last command's, stderr all of theirs; stdout is empty when sent to a file. */
export async function shell(line: string, world: ShellWorld, input = ''): Promise<Result> {
  const t = await tokens(line, world);
  const stages: string[][] = [[]];
  let target: string | undefined;
  for (let k = 0; k < t.length; k++) {
    const x = t[k]!;
    if (typeof x === 'string') stages.at(-1)!.push(x);
    else if (x.op === '|') stages.push([]);
    else if (typeof t[k + 1] === 'string' && k + 2 === t.length) target = t[++k] as string;
    else throw new Error(`> must end the line, followed by a file: ${line}`);
  }
  let last: Result = { code: 0, stdout: input, stderr: '' };
  let stderr = '';
  for (const argv of stages) {
    if (!argv.length) throw new Error(`an empty command in: ${line}`);
    if (argv[0] === 'bm') last = await world.bm(argv.slice(1), last.stdout);
    else {
      const r = spawnSync(argv[0]!, argv.slice(1), { input: last.stdout, env: world.env, cwd: world.cwd, encoding: 'utf8' });
      // A program that stops reading its stdin (head, printf) is no error, as in a shell.
      if (r.error && (r.error as NodeJS.ErrnoException).code !== 'EPIPE') throw r.error;
      last = { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    }
    stderr += last.stderr;
  }
  if (target !== undefined) writeFileSync(resolve(world.cwd, target), last.stdout);
  return { code: last.code, stdout: target === undefined ? last.stdout : '', stderr };
}
