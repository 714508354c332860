/**
 * The terminal as `bm` sees it: where data goes (stdout), where chatter goes (stderr), whether
 * each is a terminal, and whether colour is on. Commands write through this, never console.log.
 */
import type { Env } from '../util/paths.js';
import { chalkLib } from './vendor.js';

export interface Stream {
  /** False when the chunk was queued beyond the stream's buffer: wait for 'drain' before writing more. */
  write(chunk: string): boolean;
  once?(event: 'drain', listener: () => void): unknown;
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
  private readonly getStderr: () => Stream;
  private readonly getStdin: () => InStream;
  private level: ColorLevel | undefined;
  constructor(
    readonly stdout: Stream,
    stderr: Lazy<Stream>,
    stdin: Lazy<InStream>,
    private readonly env: Env,
    private readonly colorMode: ColorMode = 'auto',
  ) {
    this.getStderr = once(stderr);
    this.getStdin = once(stdin);
  }

  /** Colour level of stdout (0 none, 1 basic, 2 256 colours, 3 truecolor), decided on first use. */
  get colorLevel(): ColorLevel {
    return (this.level ??= colorLevel(this.colorMode, this.env, this.stdout));
  }

  /** Whether stdout gets colour. Asking loads the colour library (only tables and views ask). */
  get color(): boolean {
    return this.colorLevel > 0;
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

export type ColorLevel = 0 | 1 | 2 | 3;

/**
 * `--color always|never` wins; then NO_COLOR turns colour off; then chalk's detection decides
 * (FORCE_COLOR, a terminal, TERM, CI services, COLORTERM for truecolor, 256-colour terminals).
 * chalk reads the process environment; `env` is the invocation's (the same outside tests).
 */
export function colorLevel(mode: ColorMode, env: Env, stream: { isTTY?: boolean }): ColorLevel {
  if (mode === 'never') return 0;
  if (mode === 'auto' && env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const detected = chalkLib().createSupportsColor({ isTTY: Boolean(stream.isTTY) }, { sniffFlags: false });
  const level = detected ? detected.level : 0;
  return mode === 'always' ? (Math.max(1, level) as ColorLevel) : level;
}
