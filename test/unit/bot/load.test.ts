// Loading a bot: JavaScript as it is, TypeScript stripped first (here by esbuild, a development
// dependency of bm's); a module whose default export is not a function, or a file of another kind, is refused.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { BmError } from '../../../src/errors.js';
import { loadBot } from '../../../src/bot/load.js';
import { parseBalances, parseParams } from '../../../src/bot/params.js';
import { fileOf } from '../../helpers/recording-rows.js';

test('a TypeScript bot is loaded with its types stripped, and leaves no file behind', async () => {
  // A folder of its own: the run's temporary folder is shared with the other files of the pool, which write there meanwhile.
  const file = join(mkdtempSync(join(tmpdir(), 'bm-bot-load-')), 'typed.mts');
  writeFileSync(file, 'interface P { readonly n: string }\nexport default async function ({ params }: { params: P }): Promise<void> { (globalThis as { seen?: string }).seen = params.n; }\n');
  const bot = await loadBot(file);
  await bot({ params: { n: '7' } } as never);
  assert.equal((globalThis as { seen?: string }).seen, '7');
  assert.deepEqual(readdirSync(dirname(file)), ['typed.mts']);
});

test('a module that is no bot is refused as a usage error naming the file', async () => {
  for (const [file, message] of [[fileOf('none.mjs', 'export const x = 1;\n'), /default export is not a function/], [fileOf('bot.py', ''), /a bot is an ES module/]] as const) {
    await assert.rejects(loadBot(file), (e: unknown) => e instanceof BmError && e.category === 'usage' && message.test(e.message) && e.message.startsWith(file));
  }
  await assert.rejects(loadBot('/nonexistent/bot.mjs'), /no such file/);
});

test('--param and --balance are read strictly: a name twice, a bad name or amount is a usage error', () => {
  assert.deepEqual(parseParams(['a=1', 'b.c=x=y', 'd=']), { a: '1', 'b.c': 'x=y', d: '' });
  for (const bad of [['a=1', 'a=2'], ['=1'], ['noequals']]) assert.throws(() => parseParams(bad), BmError);
  assert.deepEqual(parseBalances('usdt=10000, BTC=0.5'), { USDT: '10000', BTC: '0.5' });
  for (const bad of ['USDT', 'USDT=-1', 'USDT=1e3', '']) assert.throws(() => parseBalances(bad), BmError);
});
