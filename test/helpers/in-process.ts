/** Runs `bm` in this process (src/main.ts `run`), its output captured and stdin not a terminal: fast enough to run a command hundreds of times. */
import { PassThrough } from 'node:stream';
import { run } from '../../src/main.js';
import { IO, type InStream } from '../../src/render/io.js';
import type { Result } from './bm.js';

/** One run of `bm` with these arguments and exactly this environment; `input` is all of its stdin. */
export async function runBm(argv: readonly string[], env: Record<string, string>, input = ''): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(input);
  const io = new IO({ write: (s: string) => ((stdout += s), true) }, { write: (s: string) => ((stderr += s), true) }, stdin as unknown as InStream, env, 'never');
  const code = await run(argv, { env, io });
  return { code, stdout, stderr };
}
