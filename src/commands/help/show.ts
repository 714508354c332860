/** Prints a help topic: tables through the output formats, so `--json` works for every table topic. */
import type { Context } from '../../context.js';
import type { Row } from '../../render/cells.js';
import { show } from '../engine.js';
import { refuseFormat } from '../formats.js';
import type { Topic } from '../topic-names.js';

/**
 * Prints `topic`; each loads only its own text. `tradeKeys` reads the terminal's key tables: the command tree
 * hands it in (src/commands/tree/trade-keys.ts), since one command folder reads no other's modules.
 */
export async function showTopic(ctx: Context, topic: Topic, tradeKeys: () => Promise<Row[]>): Promise<void> {
  // Topics are for reading: a table unless a data format was asked for.
  const asked = ctx.globals.output ?? ctx.globals.json ?? ctx.env.BM_OUTPUT;
  const format = asked ? ctx.format : 'table';
  const text = (body: string) => {
    refuseFormat(ctx, `help ${topic}`, ['table']);
    ctx.io.out(body);
  };
  switch (topic) {
    case 'environment': {
      const { ENVIRONMENT } = await import('../topics.js');
      return show(ctx, { columns: ['name', 'meaning'] }, ENVIRONMENT, { rows: [...ENVIRONMENT], format });
    }
    case 'exit-codes': {
      const { EXIT_CODES } = await import('../topics.js');
      return show(ctx, { columns: ['code', 'category', 'meaning'] }, EXIT_CODES, { rows: [...EXIT_CODES], format });
    }
    case 'errors': {
      const { ERRORS } = await import('../topics.js');
      return show(ctx, { columns: ['code', 'http', 'category', 'exit_code', 'message', 'hint'] }, ERRORS, { rows: [...ERRORS], format });
    }
    case 'vocabulary': {
      const { vocabularyRows } = await import('./vocabulary.js');
      return show(ctx, { columns: ['vocabulary', 'value', 'meaning'] }, vocabularyRows(), { format });
    }
    case 'limits': {
      const { limitRows } = await import('./vocabulary.js');
      return show(ctx, { columns: ['limit', 'value', 'use'] }, limitRows(), { format });
    }
    case 'trade-keys': {
      const rows = await tradeKeys();
      return show(ctx, { columns: ['where', 'key', 'does'] }, rows, { rows, format });
    }
    case 'output':
      return text((await import('../topics.js')).OUTPUT_TEXT);
    case 'writes':
    case 'sandbox':
    case 'profiles':
    case 'library':
    case 'algo':
    case 'bots': {
      const { GUIDES, plainText } = await import('./guides.js');
      return text(`${plainText(GUIDES[topic].text)}\nThe whole guide: ${GUIDES[topic].doc} (beside README.md).\n`);
    }
    default: {
      const never: never = topic;
      throw new Error(`unknown topic ${String(never)}`);
    }
  }
}
