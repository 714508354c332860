/** Runs the built `bm` under the load log hook (register.mjs) and returns the module URLs it loaded. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, runAsync } from '../bm.js';

const HOOK = join(ROOT, 'test', 'helpers', 'loadlog', 'register.mjs');

export interface Loaded {
  readonly code: number;
  /** file: URLs, in load order. */
  readonly urls: string[];
  readonly out: string;
  readonly err: string;
}

/** Runs bm with `args` in `env`, `stdin` as its input. */
export async function loaded(args: string[], env: Record<string, string | undefined>, stdin = ''): Promise<Loaded> {
  const log = join(mkdtempSync(join(tmpdir(), 'bm-load-')), 'log');
  const r = await runAsync(process.execPath, ['--import', HOOK, BIN, ...args], { cwd: ROOT, env: { ...env, BM_LOAD_LOG: log }, input: stdin });
  let urls: string[] = [];
  try {
    urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } catch {
    // nothing loaded through the hooks
  }
  return { code: r.code, urls, out: r.stdout, err: r.stderr };
}
