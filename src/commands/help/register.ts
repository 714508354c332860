/** `bm help [topic | command...]`: topics, or a command's help. */
import type { Command } from 'commander';
import { usage } from '../../errors.js';
import type { ContextOf } from '../../context.js';
import type { Row } from '../../render/cells.js';
import { TOPICS, type Topic } from '../topic-names.js';

/** `tradeKeys`: the rows of `bm help trade-keys`, loaded when that topic is shown. */
export function registerHelp(root: Command, contextOf: ContextOf, tradeKeys: () => Promise<Row[]>): void {
  root.helpCommand(false);
  root.addHelpText('after', `\nHelp topics: ${TOPICS.map((t) => `bm help ${t}`).join(', ')}\n`);
  root
    .command('help')
    .description(`Help on a command, or a topic: ${TOPICS.join(', ')}`)
    .argument('[topic...]', `a topic (${TOPICS.join(', ')}) or a command path (order place)`)
    .addHelpText('after', '\nExamples:\n  $ bm help exit-codes\n  $ bm help errors --json\n  $ bm help writes\n  $ bm help trade-keys\n  $ bm help order place\n')
    .action(async (words: string[], _o: unknown, self: Command) => {
      const ctx = contextOf(self);
      if (words.length === 1 && (TOPICS as readonly string[]).includes(words[0]!)) {
        const { showTopic } = await import('./show.js');
        await showTopic(ctx, words[0] as Topic, tradeKeys);
        return;
      }
      let cmd: Command = root;
      for (const w of words) {
        const next = cmd.commands.find((c) => c.name() === w || c.aliases().includes(w));
        if (!next) throw usage(`help: no command or topic '${words.join(' ')}'`, `topics: ${TOPICS.join(', ')}; commands: bm --help`);
        cmd = next;
      }
      // outputHelp, not helpInformation: the text added after the help (Examples) belongs to it.
      cmd.outputHelp();
    });
}
