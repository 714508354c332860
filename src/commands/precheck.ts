/**
 * The check every command passes before its action runs (program.ts's preAction hook): each option,
 * environment variable and setting it reads, the format asked, the `--fields` names where the columns
 * are known before sending, and the files its options name. A bad one is exit 2, or 5 for a stored
 * setting, before the first request: never after a write has left.
 */
import { accessSync, constants, statSync } from 'node:fs';
import type { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { usage } from '../errors.js';
import { checkFormat } from './formats.js';
import { commandPath } from './strict.js';

/**
 * Options naming a file the command reads (`-` is stdin). `sandbox serve --replay` sends nothing and
 * judges its file itself (exit 5 for one that is not a recording, missing included).
 */
const READS = ['file', 'resume'];
/**
 * Options naming a file the command creates and never overwrites, with the way on when it exists.
 * (`record --out` judges its own before connecting.)
 */
const CREATES: Readonly<Record<string, (path: string) => string>> = {
  journal: (path) => `resume that batch with --resume ${path}, or name a new file`,
};

/** Commands that reach no venue, or mend or examine the settings a venue comes from (the algo readers read the state dir). */
const LOCAL = ['profile', 'doctor', 'help', 'completion', 'sandbox', 'algo list', 'algo show', 'algo logs'];

/** Commands run by the shell, not by a person: a bad variable must not break completion. */
const UNCHECKED = new Set(['__complete']);

function optionOf(cmd: Command, key: string): Option | undefined {
  return cmd.options.find((o) => o.attributeName() === key);
}

/** Each file an option names: one to read is there and readable; one to create is not there yet. */
export function checkFiles(cmd: Command): void {
  const opts = cmd.opts<Record<string, unknown>>();
  for (const key of [...READS, ...Object.keys(CREATES)]) {
    const v = opts[key];
    const o = optionOf(cmd, key);
    if (typeof v !== 'string' || !o || v === '-') continue;
    const flag = o.long ?? `--${key}`;
    const next = CREATES[key];
    if (next) {
      if (exists(v)) throw usage(`${flag}: ${v} exists and is never overwritten`, next(v));
      continue;
    }
    try {
      if (statSync(v).isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
      accessSync(v, constants.R_OK);
    } catch (err) {
      throw usage(`${flag}: cannot read ${v}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The pre-action check of every command. */
export async function precheck(ctx: Context, cmd: Command): Promise<void> {
  const path = commandPath(cmd).split(' ').slice(1).join(' ');
  if (UNCHECKED.has(path)) return;
  // A profile whose stored output is bad can still be mended (profile add, use, remove) and examined (doctor).
  ctx.checkSettings(!path.startsWith('profile') && path !== 'doctor');
  // The venue's addresses (flags, BM_*_URL, the profile's) before any command that reaches a venue.
  if (!LOCAL.some((w) => path === w || path.startsWith(`${w} `))) void ctx.venue;
  checkFormat(ctx, path);
  checkFiles(cmd);
  if (ctx.fields) {
    const { checkKnownFields } = await import('./known-columns.js');
    checkKnownFields(ctx.fields, path, cmd);
  }
}
