/**
 * The terminal as `bm` sees it: where data goes (stdout), where chatter goes (stderr), whether
 * each is a terminal, and whether colour is on. Commands write through this, never console.log.
 */
import type { Env } from '../config/paths.js';

export interface Stream {
  write(chunk: string): boolean;
  isTTY?: boolean;
  columns?: number;
  rows?: number;
}

export interface InStream extends NodeJS.EventEmitter {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  resume(): unknown;
  pause(): unknown;
  setEncoding(enc: BufferEncoding): unknown;
}

export type ColorMode = 'auto' | 'always' | 'never';

/** A stream, or a function giving it on first use (process.stdin and stderr cost a one-shot to create). */
export type Lazy<T> = T | (() => T);

function once<T>(v: Lazy<T>): () => T {
  if (typeof v !== 'function') return () => v;
  let cached: T | undefined;
  return () => (cached ??= (v as () => T)());
}

export class IO {
  readonly color: boolean;
  private readonly getStderr: () => Stream;
  private readonly getStdin: () => InStream;
  constructor(
    readonly stdout: Stream,
    stderr: Lazy<Stream>,
    stdin: Lazy<InStream>,
    env: Env,
    colorMode: ColorMode = 'auto',
  ) {
    this.getStderr = once(stderr);
    this.getStdin = once(stdin);
    this.color = decideColor(colorMode, env, Boolean(stdout.isTTY));
  }

  get stderr(): Stream {
    return this.getStderr();
  }

  get stdin(): InStream {
    return this.getStdin();
  }

  get isTTY(): boolean {
    return Boolean(this.stdout.isTTY);
  }

  /** Both stdin and stderr are terminals: a person can answer a prompt. */
  get canPrompt(): boolean {
    return Boolean(this.stdin.isTTY && this.stderr.isTTY);
  }

  get columns(): number {
    return this.stdout.columns ?? 100;
  }

  out(text: string): void {
    this.stdout.write(text);
  }

  err(text: string): void {
    this.stderr.write(text);
  }
}

/** `--color` beats NO_COLOR and FORCE_COLOR, which beat the terminal check. */
export function decideColor(mode: ColorMode, env: Env, tty: boolean): boolean {
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return tty && env.TERM !== 'dumb';
}
