/** Dynamic completion words from local files only: a TAB never waits on the network. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../../util/paths.js';
import type { Context } from '../../context.js';

/** The file every symbol fetch refreshes: one pair name per line. */
export function symbolsFile(ctx: Pick<Context, 'env'>): string {
  return join(cacheDir(ctx.env), 'symbols.txt');
}

export function completionWords(ctx: Context, kind: string): string[] {
  if (kind === 'profiles') return [...new Set(['sandbox', ...Object.keys(ctx.settings.profiles)])].sort();
  if (kind === 'symbols') {
    try {
      return readFileSync(symbolsFile(ctx), 'utf8').split('\n').filter(Boolean);
    } catch {
      return ['BTC_USDT', 'ETH_USDT'];
    }
  }
  return [];
}
