/**
 * Getting key, secret and memo from the user: prompts on a terminal (secret hidden; prompts on
 * stderr so stdout stays data), else exactly three lines from stdin. Never from flags, and nothing
 * read here is ever echoed into messages or errors.
 */
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import type { InStream } from '../../render/io.js';
import type { Secret } from '../../profiles/secrets.js';

/** Reads up to `n` lines (without their `\n` or `\r`), stopping at the n-th newline or at the end of input. */
export function readLines(input: InStream, n: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const finish = (ended: boolean) => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.removeListener('error', onError);
      input.pause();
      const parts = buf.split('\n');
      if (ended && parts[parts.length - 1] === '') parts.pop();
      resolve(parts.slice(0, n).map((l) => l.replace(/\r$/, '')));
    };
    const onData = (chunk: string | Buffer) => {
      buf += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (buf.split('\n').length > n) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (err: Error) => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      reject(new BmError('usage', `cannot read stdin: ${(err as NodeJS.ErrnoException).code ?? 'error'}`));
    };
    input.setEncoding('utf8');
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', onError);
    input.resume();
  });
}

const PIPE_HINT = "pipe three lines: key, secret, memo, e.g. printf '%s\\n%s\\n%s\\n' \"$KEY\" \"$SECRET\" \"$MEMO\" | bm profile add NAME";

/** Checks three lines read from stdin; errors name which line is missing, never what it held. */
export function credentialsFromLines(lines: readonly string[]): Secret {
  const [key = '', secret = '', memo] = lines.map((l) => l.trim());
  if (lines.length < 3 || memo === undefined) {
    throw usage(`expected three lines on stdin (key, secret, memo), got ${lines.length}`, PIPE_HINT);
  }
  if (!key) throw usage('the API key (line 1 on stdin) is empty', PIPE_HINT);
  if (!secret) throw usage('the API secret (line 2 on stdin) is empty', PIPE_HINT);
  return { key, secret, memo };
}

/** Key, secret and memo: prompted on a terminal, else read from stdin. */
export async function askCredentials(ctx: Context): Promise<Secret> {
  if (!ctx.io.stdin.isTTY) return credentialsFromLines(await readLines(ctx.io.stdin, 3));
  const { input, password } = await import('@inquirer/prompts');
  const context = { input: ctx.io.stdin as unknown as NodeJS.ReadableStream, output: ctx.io.stderr as unknown as NodeJS.WritableStream };
  const notEmpty = (what: string) => (v: string) => (v.trim() ? true : `the ${what} is required`);
  try {
    const key = await input({ message: 'API key', validate: notEmpty('key') }, context);
    const secret = await password({ message: 'API secret (hidden)', validate: notEmpty('secret') }, context);
    // Visible while typed (a wrong memo is the usual failure), hidden once entered, like the secret.
    const memo = await input({
      message: 'Memo (the label chosen when the key was created, not the account id)',
      transformer: (v, { isFinal }) => (isFinal ? (v ? '[entered]' : '[empty]') : v),
    }, context);
    return { key: key.trim(), secret: secret.trim(), memo: memo.trim() };
  } catch (err) {
    if ((err as Error)?.name === 'ExitPromptError' || (err as Error)?.name === 'AbortPromptError') {
      throw new BmError('interrupted', 'cancelled: nothing was saved');
    }
    throw err;
  }
}
