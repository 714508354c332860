/** Runs the built `bm` under the load log hook (register.mjs) and returns the module URLs it loaded. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT } from '../bm.js';

const HOOK = join(ROOT, 'test', 'helpers', 'loadlog', 'register.mjs');

export interface Loaded {
  readonly code: number;
  /** file: URLs, in load order. */
  readonly urls: string[];
  readonly out: string;
  readonly err: string;
}

/** Runs bm with `args` in `env`, `stdin` as its input. */
export function loaded(args: string[], env: Record<string, string | undefined>, stdin = ''): Promise<Loaded> {
  const log = join(mkdtempSync(join(tmpdir(), 'bm-load-')), 'log');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, BIN, ...args], { cwd: ROOT, env: { ...env, BM_LOAD_LOG: log } as NodeJS.ProcessEnv });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      let urls: string[] = [];
      try {
        urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      } catch {
        // nothing loaded through the hooks
      }
      resolve({ code: code ?? -1, urls, out, err });
    });
    child.stdin.end(stdin);
  });
}
