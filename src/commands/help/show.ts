/** Prints a help topic: tables through the output formats, so `--json` works for every topic. */
import type { Context } from '../../context.js';
import { show } from '../engine.js';
import { refuseFormat } from '../formats.js';
import { limitRows, vocabularyRows } from './vocabulary.js';
import { ENVIRONMENT, ERRORS, EXIT_CODES, OUTPUT_TEXT, type Topic } from './topics.js';

export function showTopic(ctx: Context, topic: Topic): void {
  // Topics are for reading: a table unless a data format was asked for.
  const asked = ctx.globals.output ?? ctx.globals.json ?? ctx.env.BM_OUTPUT;
  const format = asked ? ctx.format : 'table';
  switch (topic) {
    case 'environment':
      return show(ctx, { columns: ['name', 'meaning'] }, ENVIRONMENT, { rows: [...ENVIRONMENT], format });
    case 'exit-codes':
      return show(ctx, { columns: ['code', 'category', 'meaning'] }, EXIT_CODES, { rows: [...EXIT_CODES], format });
    case 'errors':
      return show(ctx, { columns: ['code', 'http', 'category', 'exit_code', 'message', 'hint'] }, ERRORS, { rows: [...ERRORS], format });
    case 'vocabulary':
      return show(ctx, { columns: ['vocabulary', 'value', 'meaning'] }, vocabularyRows(), { format });
    case 'limits':
      return show(ctx, { columns: ['limit', 'value', 'use'] }, limitRows(), { format });
    case 'output':
      refuseFormat(ctx, 'help output', ['table']);
      ctx.io.out(OUTPUT_TEXT);
      return;
    default: {
      const never: never = topic;
      throw new Error(`unknown topic ${String(never)}`);
    }
  }
}
