/**
 * Rate windows shared by every `bm` process on the machine: one small JSON file per counter scope
 * (venue and key, or venue and IP) under `<state dir>/limits/`, read and written under a lock file.
 * A request holds its place while it is out, recorded with its process id, and is counted when its
 * answer comes back, as in {@link SlidingWindows}. A place held by a process that died (or that has
 * been out longer than any request may take) is counted at once, so it never blocks the others.
 * When the directory cannot be written, the gate falls back to this process's own windows.
 *
 * A file is rewritten in place under its lock, never replaced by a rename: on ext4 a rename over a file
 * forces the new file's data to disk first (auto_da_alloc), which stalls every request of a busy machine.
 */
import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir, type Env } from '../util/paths.js';
import { tryLocked } from '../util/filelock.js';
import { alive } from '../util/alive.js';
import type { RateLimit } from './catalogue/types.js';
import { MemoryGate, realSleep, type Clock, type RateGate, type Sleep, type Slot } from './gate.js';
import { insertStamp, SlidingWindows } from '../util/ratelimit.js';

/** A place held: send time, process id, sequence number in that process, time after which it counts as answered. */
type Held = [at: number, pid: number, id: number, expires: number];

interface Counter {
  /** Answered requests, ms, ascending. */
  s: number[];
  p: Held[];
  /** No request before this time (the venue asked for a pause). */
  b?: number;
}

type Scope = Record<string, Counter>;

/** The counter file's name for a scope: letters, digits, dots and dashes. */
export function scopeFile(dir: string, scope: string): string {
  return join(dir, `${scope.replace(/^[a-z]+:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '_')}.json`);
}

/** Places held by this process are numbered once per process: two gates on one file never mix them up. */
let seq = 0;

export class FileGate implements RateGate {
  private fallback: MemoryGate | undefined;

  constructor(
    /** The directory of the counter files. */
    readonly dir: string,
    /** ms after which a place still held counts as answered: longer than any request may take. */
    private readonly holdMs: number,
    private readonly now: Clock = Date.now,
    private readonly sleep: Sleep = realSleep,
    private readonly trace?: (line: string) => void,
  ) {}

  async acquire(scope: string, name: string, rate: RateLimit): Promise<Slot> {
    for (;;) {
      if (this.fallback) return this.fallback.acquire(scope, name, rate);
      const r = this.update(scope, (all): { wait: number; slot?: Slot } => {
        const now = this.now();
        const c = this.counter(all, name, rate, now);
        const wait = SlidingWindows.restore(rate, c.s, c.p.map((h) => h[0]), c.b).waitFor(now);
        if (wait > 0) return { wait };
        const id = ++seq;
        c.p.push([now, process.pid, id, now + this.holdMs]);
        return { wait: 0, slot: { settle: (at: number) => this.settle(scope, name, rate, id, at) } };
      });
      if (r?.slot) return r.slot;
      // Otherwise: a full window, the lock busy for a moment (another process is in it), or no files.
      if (!this.fallback) await this.sleep(r ? r.wait : 1);
    }
  }

  block(scope: string, name: string, rate: RateLimit, until: number): void {
    this.fallback?.block(scope, name, rate, until);
    this.persist(scope, (all) => {
      const c = this.counter(all, name, rate, this.now());
      c.b = Math.max(c.b ?? 0, until);
    });
  }

  held(scope: string, name: string, rate: RateLimit, windowMs: number): number {
    if (this.fallback) return this.fallback.held(scope, name, rate, windowMs);
    for (let i = 0; i < 50; i++) {
      const r = this.update(scope, (all) => {
        const now = this.now();
        const c = this.counter(all, name, rate, now);
        return SlidingWindows.restore(rate, c.s, c.p.map((h) => h[0])).held(now, windowMs);
      });
      if (r !== undefined) return r;
    }
    return 0;
  }

  private settle(scope: string, name: string, rate: RateLimit, id: number, at: number): void {
    this.persist(scope, (all) => {
      const c = this.counter(all, name, rate, this.now());
      const i = c.p.findIndex((h) => h[1] === process.pid && h[2] === id);
      if (i < 0) return; // counted already (it outlived holdMs)
      const [sent] = c.p.splice(i, 1)[0]!;
      insertStamp(c.s, Math.max(sent, at));
    });
  }

  /** Applies a change now, or as soon as the lock is free (a settle must not be lost). */
  private persist(scope: string, change: (all: Scope) => void): void {
    if (this.fallback) return;
    if (this.update(scope, (all) => (change(all), true)) === undefined && !this.fallback) {
      void this.sleep(1).then(() => this.persist(scope, change));
    }
  }

  /** A counter of the scope, cleaned: old stamps dropped, places of dead or overdue requests counted. */
  private counter(all: Scope, name: string, rate: RateLimit, now: number): Counter {
    const c = (all[name] ??= { s: [], p: [] });
    const longest = Math.max(...rate.windows.map((w) => w.windowMs));
    c.p = c.p.filter((h) => {
      const [, pid, , expires] = h;
      if (expires > now && alive(pid)) return true;
      insertStamp(c.s, Math.min(now, expires));
      return false;
    });
    c.s = c.s.filter((t) => t > now - 2 * longest); // history kept as in SlidingWindows
    if (c.b !== undefined && c.b <= now) delete c.b;
    return c;
  }

  /** Runs `fn` on the scope's file under its lock; undefined when the lock is busy (or the gate fell back). */
  private update<T>(scope: string, fn: (all: Scope) => T): T | undefined {
    const file = scopeFile(this.dir, scope);
    try {
      return tryLocked(`${file}.lock`, () => {
        const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
        try {
          const old = readFileSync(fd);
          const all = parse(old);
          const value = fn(all);
          for (const [k, c] of Object.entries(all)) if (!c.s.length && !c.p.length && c.b === undefined) delete all[k];
          writeOver(fd, JSON.stringify(all), old.length);
          return value;
        } finally {
          closeSync(fd);
        }
      }, this.now)?.value;
    } catch (err) {
      this.trace?.(`rate counters in ${this.dir} unusable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): counting in this process only`);
      this.fallback = new MemoryGate(this.now, this.sleep);
      return undefined;
    }
  }
}

/** Padding past which a shorter text also cuts the file to its length (a file never grows far past its content). */
const MAX_PAD = 4096;

/**
 * Writes `text` over the file open on `fd` whose length was `oldLength` bytes, in one write at offset 0: a
 * shorter text is padded with spaces to the old length (JSON allows trailing whitespace), so a process killed
 * at any point leaves either the old text or the new one, never new bytes followed by old ones. A pad longer
 * than {@link MAX_PAD} is cut off afterwards.
 */
export function writeOver(fd: number, text: string, oldLength: number): void {
  const bytes = Buffer.byteLength(text);
  const buf = Buffer.alloc(Math.max(bytes, oldLength), 0x20);
  buf.write(text, 0);
  for (let at = 0; at < buf.length; ) at += writeSync(fd, buf, at, buf.length - at, at);
  if (buf.length - bytes > MAX_PAD) ftruncateSync(fd, bytes);
}

function parse(bytes: Buffer): Scope {
  try {
    const v = JSON.parse(bytes.toString('utf8')) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const all: Scope = {};
      for (const [k, c] of Object.entries(v as Record<string, Partial<Counter>>)) {
        if (c && Array.isArray(c.s) && Array.isArray(c.p)) all[k] = { s: c.s.filter(Number.isFinite), p: c.p.filter((h) => Array.isArray(h) && h.length === 4), ...(typeof c.b === 'number' ? { b: c.b } : {}) };
      }
      return all;
    }
  } catch {
    // empty (just created), or cut short (a machine that stopped mid-write): the counts start over
  }
  return {};
}

const gates = new Map<string, FileGate>();

/**
 * The gate of this state dir, one per process; on another clock than the system's (`time`, a test's),
 * one of its own (the counts are the files', shared all the same).
 */
export function sharedGate(env: Env, timeoutMs: number, trace?: (line: string) => void, time?: { readonly now: Clock; readonly sleep: Sleep }): FileGate {
  const dir = join(stateDir(env), 'limits');
  if (time) return new FileGate(dir, timeoutMs + 1000, time.now, time.sleep, trace);
  let g = gates.get(dir);
  if (!g) gates.set(dir, (g = new FileGate(dir, timeoutMs + 1000, Date.now, realSleep, trace)));
  return g;
}
